/** Embeddings: texts in, one vector per text out (same order), for retrieval over knowledge bases. */
export type EmbeddingsRequest = { input: string[] };

export type EmbeddingsResult = { vectors: number[][] };

export interface EmbeddingsEngine {
  embed(request: EmbeddingsRequest): Promise<EmbeddingsResult>;
}

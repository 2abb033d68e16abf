// A form posted with upload progress (fetch reports none for uploads), for the audio tools' pages.

/** The error text of an API answer: the server's message for a client error, `fallback` otherwise. */
export function uploadErrorText(status: number, body: string, fallback: string): string {
  try {
    const detail = (JSON.parse(body) as { detail?: { message?: string } | { msg: string }[] }).detail;
    if (status < 500 && detail) return Array.isArray(detail) ? detail.map((d) => d.msg).join("; ") : (detail.message ?? "The file was refused.");
  } catch {
    // not JSON: fall through
  }
  return fallback;
}

/** Posts `body` to `url`; answers the 200's body as a Blob, or the refusal's text (`failed` for a server error). */
export function postWithProgress(url: string, body: FormData, onProgress: (share: number) => void, failed: string): Promise<{ ok: true; body: Blob } | { ok: false; message: string }> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.responseType = "blob";
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = async () => {
      if (request.status === 200) return resolve({ ok: true, body: request.response as Blob });
      resolve({ ok: false, message: uploadErrorText(request.status, await (request.response as Blob).text(), failed) });
    };
    request.onerror = () => resolve({ ok: false, message: "The upload did not reach the server. Check the connection and try again." });
    request.send(body);
  });
}

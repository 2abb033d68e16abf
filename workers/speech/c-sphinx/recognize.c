/*
 * The speech worker's recogniser: PocketSphinx (BSD) entry points for workers/speech/pocketsphinx.ts.
 * One decoder, made once from the model files the WASI file system serves; each utterance's words come back
 * as text lines "word start_frame end_frame log_probability" (frames of 10 ms) in a buffer the caller reads.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pocketsphinx.h>
#include <sphinxbase/err.h>
#include <sphinxbase/mmio.h>

static ps_decoder_t *decoder;
static char *result;
static size_t result_length, result_capacity;

/* The file-mapping helpers PocketSphinx uses when -mmap is on; it is off here (WASI has no mmap). */
mmio_file_t *mmio_file_read(const char *filename) { (void)filename; return NULL; }
void *mmio_file_ptr(mmio_file_t *mf) { (void)mf; return NULL; }
void mmio_file_unmap(mmio_file_t *mf) { (void)mf; }

void *sphinx_alloc(size_t size) { return malloc(size); }
void sphinx_free(void *pointer) { free(pointer); }

/* Model paths are NUL-terminated strings in memory; 0 on success. */
int sphinx_init(const char *hmm, const char *lm, const char *dict) {
  err_set_logfp(NULL);
  cmd_ln_t *config = cmd_ln_init(NULL, ps_args(), TRUE, "-hmm", hmm, "-lm", lm, "-dict", dict, "-mmap", "no",
                                 "-samprate", "16000", NULL);
  if (!config) return -1;
  decoder = ps_init(config);
  return decoder ? 0 : -2;
}

static void append(const char *text) {
  size_t length = strlen(text);
  if (result_length + length + 1 > result_capacity) {
    result_capacity = (result_length + length + 1) * 2;
    result = realloc(result, result_capacity);
  }
  memcpy(result + result_length, text, length + 1);
  result_length += length;
}

/* Decodes one utterance of 16 kHz 16-bit mono samples; returns the length of the text at sphinx_result(), or < 0. */
int sphinx_decode(const short *samples, int count) {
  if (!decoder) return -1;
  result_length = 0;
  append("");
  if (ps_start_utt(decoder) < 0) return -2;
  if (ps_process_raw(decoder, samples, count, FALSE, TRUE) < 0) return -3;
  if (ps_end_utt(decoder) < 0) return -4;
  char line[512];
  for (ps_seg_t *seg = ps_seg_iter(decoder); seg; seg = ps_seg_next(seg)) {
    int start, end;
    int32 ascr, lscr, lback;
    ps_seg_frames(seg, &start, &end);
    int32 prob = ps_seg_prob(seg, &ascr, &lscr, &lback);
    snprintf(line, sizeof line, "%s %d %d %d\n", ps_seg_word(seg), start, end, prob);
    append(line);
  }
  return (int)result_length;
}

const char *sphinx_result(void) { return result; }

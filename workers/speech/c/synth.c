// The entry points workers/speech/espeak-synth.ts calls, around espeak-ng's synchronous API. Synthesis
// collects the samples and the word events into growable buffers that JavaScript reads from linear memory.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <espeak-ng/espeak_ng.h>
#include <espeak-ng/speak_lib.h>

typedef struct { int32_t position, length, start_ms; } word_t;

static int16_t *samples;
static size_t sample_count, sample_capacity;
static word_t *words;
static size_t word_count, word_capacity;
static int failed;

static int grow(void **buffer, size_t *capacity, size_t needed, size_t item) {
  if (needed <= *capacity) return 1;
  size_t next = *capacity ? *capacity : 4096;
  while (next < needed) next *= 2;
  void *bigger = realloc(*buffer, next * item);
  if (!bigger) return 0;
  *buffer = bigger;
  *capacity = next;
  return 1;
}

static int on_synth(short *wav, int count, espeak_EVENT *events) {
  if (wav && count > 0) {
    if (!grow((void **)&samples, &sample_capacity, sample_count + count, sizeof *samples)) { failed = 1; return 1; }
    memcpy(samples + sample_count, wav, count * sizeof *samples);
    sample_count += count;
  }
  for (espeak_EVENT *e = events; e && e->type != espeakEVENT_LIST_TERMINATED; e++) {
    if (e->type != espeakEVENT_WORD) continue;
    if (!grow((void **)&words, &word_capacity, word_count + 1, sizeof *words)) { failed = 1; return 1; }
    words[word_count++] = (word_t){ e->text_position, e->length, e->audio_position };
  }
  return 0;
}

/** Loads the data under `path`; returns the sample rate, or a negative status. */
__attribute__((export_name("synth_init"))) int synth_init(const char *path) {
  int rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, path, espeakINITIALIZE_DONT_EXIT);
  if (rate <= 0) return -1;
  espeak_SetSynthCallback(on_synth);
  return rate;
}

__attribute__((export_name("synth_voice"))) int synth_voice(const char *name) {
  return espeak_SetVoiceByName(name) == EE_OK ? 0 : -1;
}

__attribute__((export_name("synth_params"))) void synth_params(int rate, int pitch, int range) {
  espeak_SetParameter(espeakRATE, rate, 0);
  espeak_SetParameter(espeakPITCH, pitch, 0);
  espeak_SetParameter(espeakRANGE, range, 0);
}

__attribute__((export_name("synth_seed"))) void synth_seed(int32_t seed) { espeak_ng_SetRandSeed(seed); }

/** Speaks NUL-terminated UTF-8 text; returns the number of samples, or -1. With `phonemes`, text inside [[ ]]
 * is read as espeak-ng phoneme mnemonics (pronunciation dictionaries' phoneme rules); the caller escapes the rest. */
__attribute__((export_name("synth_speak"))) int synth_speak(const char *text, int phonemes) {
  sample_count = 0;
  word_count = 0;
  failed = 0;
  espeak_ERROR status = espeak_Synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8 | (phonemes ? espeakPHONEMES : 0), NULL, NULL);
  if (status != EE_OK || failed) return -1;
  return (int)sample_count;
}

__attribute__((export_name("synth_samples"))) int16_t *synth_samples(void) { return samples; }
__attribute__((export_name("synth_words"))) word_t *synth_words(void) { return words; }
__attribute__((export_name("synth_word_count"))) int synth_word_count(void) { return (int)word_count; }
__attribute__((export_name("synth_alloc"))) void *synth_alloc(size_t size) { return malloc(size); }
__attribute__((export_name("synth_free"))) void synth_free(void *pointer) { free(pointer); }

// WASI's libc has no temporary files; espeak-ng only wants one to convert sound icons through sox, which a
// worker does not have either. Without a name it skips the conversion.
char *tmpnam(char *name) { (void)name; return NULL; }

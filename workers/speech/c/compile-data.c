// Compiles espeak-ng's data at build time, run under Node's WASI by scripts/build-espeak.mjs:
//   compile-data <data dir> <language>...
// Intonations and phoneme tables come from <data dir>/../phsource, each language's dictionary from
// <data dir>/../dictsource; everything is written into <data dir>, where the synthesizer reads it.
#include <stdio.h>
#include <stdlib.h>
#include <espeak-ng/espeak_ng.h>

static void check(espeak_ng_STATUS status, espeak_ng_ERROR_CONTEXT *context, const char *step) {
  if (status == ENS_OK) return;
  fprintf(stderr, "%s failed: ", step);
  espeak_ng_PrintStatusCodeMessage(status, stderr, *context);
  exit(1);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: compile-data <data dir> <language>...\n");
    return 2;
  }
  static char dictsource[512];
  snprintf(dictsource, sizeof dictsource, "%s/../dictsource/", argv[1]);
  espeak_ng_ERROR_CONTEXT context = NULL;
  espeak_ng_InitializePath(argv[1]);
  check(espeak_ng_CompileIntonation(stdout, &context), &context, "intonations");
  check(espeak_ng_CompilePhonemeData(22050, stdout, &context), &context, "phonemes");
  check(espeak_ng_Initialize(&context), &context, "initialisation");
  for (int i = 2; i < argc; i++) {
    // The voice picks the phoneme table and translator the dictionary is compiled against; its own
    // dictionary does not exist yet, so the voice's load may report that and is not checked. A dictionary
    // with no voice of its name (no: Norwegian's voice is nb) takes the voice of that language, as
    // espeak-ng's own --compile does.
    if (espeak_ng_SetVoiceByName(argv[i]) != ENS_OK) {
      espeak_VOICE properties = { 0 };
      properties.languages = argv[i];
      espeak_ng_SetVoiceByProperties(&properties);
    }
    check(espeak_ng_CompileDictionary(dictsource, argv[i], stdout, 0, &context), &context, argv[i]);
  }
  return 0;
}

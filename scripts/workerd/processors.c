// Loaded into the local workerd (development and tests only) on machines with few processors: reports at least
// 4 online processors, so V8 starts more than one background worker thread. With a single worker thread, one
// isolate's background compile can wait for a collection that only the main thread can run, while the main
// thread pumps another isolate's sweeper tasks that wait for that same worker thread (decision 0014).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <unistd.h>

#define MINIMUM_PROCESSORS 4

long sysconf(int name) {
  static long (*real_sysconf)(int);
  if (!real_sysconf) real_sysconf = (long (*)(int))dlsym(RTLD_NEXT, "sysconf");
  long value = real_sysconf(name);
  if ((name == _SC_NPROCESSORS_ONLN || name == _SC_NPROCESSORS_CONF) && value > 0 && value < MINIMUM_PROCESSORS) return MINIMUM_PROCESSORS;
  return value;
}

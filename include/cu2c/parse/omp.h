/* cu2c/parse/omp.h - read by the parser only (the frontend searches this folder after all
 * others), and only where clang has no omp.h of its own: it reads gcc's instead (cu2cc puts
 * the C++ compiler's own headers last on the parser's path), whose allocators carry gcc's
 * __malloc__(deallocator) attribute, which clang 19 rejects. Dropping that attribute changes
 * nothing the translation depends on; the C++ compiler reads gcc's omp.h as it is. */
#if __has_include_next(<omp.h>)
#pragma push_macro("__malloc__")
#define __malloc__(...)
#include_next <omp.h>
#pragma pop_macro("__malloc__")
#else
#error "<omp.h> not found: give cu2c the C++ compiler's own headers with -idirafter $(c++ -print-file-name=include) (cu2cc does)"
#endif

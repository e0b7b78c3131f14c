// The output language: C++ as soon as the host code or a kernel uses something C lacks or
// means differently in C (each input holds one such thing), C otherwise (C headers included
// with <stdlib.h> or <math.h> resolve to libstdc++'s wrappers when parsing, and still count as C).
// RUN: %cu2c --print-lang %S/Inputs/lang/auto_float_becomes_int.cu | FileCheck %s --check-prefix=CXX
// RUN: %cu2c --print-lang %S/Inputs/lang/brace_init.cu | FileCheck %s --check-prefix=CXX
// RUN: %cu2c --print-lang %S/Inputs/lang/c_host_with_stdlib.cu | FileCheck %s --check-prefix=C
// RUN: %cu2c --print-lang %S/Inputs/lang/const_int_file_scope_bound.cu | FileCheck %s --check-prefix=CXX
// RUN: %cu2c --print-lang %S/Inputs/lang/const_int_local_bound_init.cu | FileCheck %s --check-prefix=CXX
// RUN: %cu2c --print-lang %S/Inputs/lang/constexpr_local.cu | FileCheck %s --check-prefix=CXX
// RUN: %cu2c --print-lang %S/Inputs/lang/default_argument.cu | FileCheck %s --check-prefix=CXX
// RUN: %cu2c --print-lang %S/Inputs/lang/overloaded_device_fn.cu | FileCheck %s --check-prefix=CXX
// RUN: %cu2c --print-lang %S/Inputs/lang/sizeof_char_literal.cu | FileCheck %s --check-prefix=CXX
// RUN: %cu2c --print-lang %S/Inputs/lang/stdlib_h_makes_cpp.cu | FileCheck %s --check-prefix=C
// RUN: %cu2c --print-lang %S/Inputs/lang/struct_with_array_member_local.cu | FileCheck %s --check-prefix=C
// RUN: %cu2c --print-lang %S/Inputs/lang/dim3_default_local.cu | FileCheck %s --check-prefix=CXX
// Each also builds and runs, checking its own results (cu2cc builds every .cu as C++, as nvcc
// does; the C outputs are built with cc):
// RUN: %cu2cc %S/Inputs/lang/auto_float_becomes_int.cu -o %t && timeout 60 %t > /dev/null
// RUN: %cu2cc %S/Inputs/lang/brace_init.cu -o %t && timeout 60 %t > /dev/null
// RUN: %cu2c %S/Inputs/lang/c_host_with_stdlib.cu -o %t.c
// RUN: cc -std=gnu11 -fgnu89-inline -O2 -I%root/include %t.c %root/lib/libcu2c.a -pthread -lm -o %t && timeout 60 %t > /dev/null
// RUN: %cu2cc %S/Inputs/lang/const_int_file_scope_bound.cu -o %t && timeout 60 %t > /dev/null
// RUN: %cu2cc %S/Inputs/lang/const_int_local_bound_init.cu -o %t && timeout 60 %t > /dev/null
// RUN: %cu2cc %S/Inputs/lang/constexpr_local.cu -o %t && timeout 60 %t > /dev/null
// RUN: %cu2cc %S/Inputs/lang/default_argument.cu -o %t && timeout 60 %t > /dev/null
// RUN: %cu2cc %S/Inputs/lang/overloaded_device_fn.cu -o %t && timeout 60 %t > /dev/null
// RUN: %cu2cc %S/Inputs/lang/sizeof_char_literal.cu -o %t && timeout 60 %t > /dev/null
// RUN: %cu2c %S/Inputs/lang/stdlib_h_makes_cpp.cu -o %t.c
// RUN: cc -std=gnu11 -fgnu89-inline -O2 -I%root/include %t.c %root/lib/libcu2c.a -pthread -lm -o %t && timeout 60 %t > /dev/null
// RUN: %cu2c %S/Inputs/lang/struct_with_array_member_local.cu -o %t.c
// RUN: cc -std=gnu11 -fgnu89-inline -O2 -I%root/include %t.c %root/lib/libcu2c.a -pthread -lm -o %t && timeout 60 %t > /dev/null
// RUN: %cu2cc %S/Inputs/lang/dim3_default_local.cu -o %t && timeout 60 %t > /dev/null
// C: {{^c$}}
// CXX: {{^c\+\+$}}

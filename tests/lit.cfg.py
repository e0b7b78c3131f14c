# lit configuration for all of cu2c's tests: translate/ (FileCheck on output), run/ (translate,
# build, run, check), diag/ (exact located messages), runtime/ (C programs against libcu2c),
# toolkit/ (make install's tree used as a CUDA toolkit: plain g++, pkg-config, CMake).
import os
import lit.formats

config.name = "cu2c"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu", ".c", ".cpp"]
config.excludes = ["Inputs", "lit.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
root = os.path.dirname(config.test_source_root)
llvm_bin = "/usr/lib/llvm-19/bin"

# tools/lit first: its FileCheck blanks the check file's own directives out of the input (a
# translation keeps the test's comments, so a pattern could match its own text)
config.environment["PATH"] = os.pathsep.join([os.path.join(root, "tools", "lit"), llvm_bin, os.path.join(root, "bin"),
                                              os.environ.get("PATH", "")])
# The runtime's scheduling knobs pass through, so the suite can run under each schedule, and
# the race checker's (make check-race: every run test built and run with CU2C_CHECK=race), the
# engine (make check-fibers: CU2C_ENGINE=fibers).
for var in ("HOME", "TMPDIR", "CU2C_SCHEDULE", "CU2C_AFFINITY", "CU2C_CHECK", "CU2C_CHECK_LOG",
            "CU2C_THREAD_ORDER", "CU2C_THREAD_ORDER_SEED", "CU2C_ENGINE", "CU2C_FIBER_STACK"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

# Under make check-race the tests whose expectations need a plain build (no -g in fault
# lines, AddressSanitizer, which cannot share a program with -fsanitize=thread) stand aside.
if "race" in os.environ.get("CU2C_CHECK", ""):
    config.available_features.add("race-check")
# Under CU2C_THREAD_ORDER the tests that name the first thread to fault stand aside.
if os.environ.get("CU2C_THREAD_ORDER", ""):
    config.available_features.add("thread-order")

cc = os.environ.get("CC", "cc")
config.substitutions.append(("%root", root))
config.substitutions.append(("%cu2cc", os.path.join(root, "bin", "cu2cc")))
config.substitutions.append(("%cu2c", os.path.join(root, "bin", "cu2c")))
# MPI programs: OpenMPI's mpirun (scripts/setup installs it) as root and on a machine with
# fewer cores than ranks; "%mpirun N prog" runs N ranks. Single-copy (CMA) transfers need
# ptrace rights containers often lack: ranks on one node copy through shared memory.
config.substitutions.append(("%mpirun", "mpirun --allow-run-as-root --oversubscribe "
                             "--mca btl_vader_single_copy_mechanism none -np"))
# make check-sanitize: the runtime tests built with a sanitizer and the runtime built with it;
# any report makes the program fail.
san = os.environ.get("CU2C_TEST_SANITIZE", "")
san_flags = f" -fsanitize={san} -fno-omit-frame-pointer" if san else ""
lib = f"libcu2c-{san}.a" if san else "libcu2c.a"
if san:
    config.environment["TSAN_OPTIONS"] = "halt_on_error=1 exitcode=66"
    config.environment["ASAN_OPTIONS"] = "halt_on_error=1 detect_leaks=1"
config.substitutions.append(("%rtcc", f"{cc} -std=c11 -g -O1 -Wall -Werror -I{root}/include"
                             + san_flags))
config.substitutions.append(("%rtlibs", f"{root}/lib/{lib} -pthread -lm" + san_flags))

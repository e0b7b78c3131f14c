#!/usr/bin/env python3
"""`make bench`: how fast cu2c translates, and how fast what it produces runs.

1. Translation: a generated ~2,100-line .cu (gen_large.py) through `cu2c`, beside the libclang
   parse alone (`clang-19 -fsyntax-only` with cu2c's flags and headers) and `g++ -O2` on the
   output. The generated program is also built with cu2cc and run (it checks every kernel).
2. Vector add, 2^24 floats: vadd.cu through `cu2cc -O3` against vadd_omp.c through
   `gcc -O3 -fopenmp`, each printing the median ms per launch; runs interleaved, 2 and 1 threads.
   ratio = omp / cu2c: 1.0 or more means cu2c is at least as fast.
3. Tiled matrix product, 1024x1024 floats: matmul.cu (shared-memory SGEMM, 16x16 tiles, two
   __syncthreads() per k-tile) against matmul_omp.c (the same tiling by hand), as in 2.
4. Time-tiled 2-D Jacobi stencil, 2048x2048 floats, 16 steps as 4 launches of 4 steps each
   done in shared memory: stencil.cu against stencil_omp.c (the same tiling by hand), as in 2.
5. Vectorisation: does g++ -O3 vectorise the thread loops of the translated kernels?
6. Launch cost: empty-kernel launches per second on one stream, asynchronous (then one
   synchronise), and each followed by cudaStreamSynchronize (goal: <= 5 us per launch + sync).
7. Block scheduling: a kernel with deliberately uneven blocks (a ramp, and spikes every 4th
   block) under CU2C_SCHEDULE=dynamic, static, cyclic and steal, runs interleaved.
8. Warp functions: a sum of 2^24 floats written with cooperative groups (8 elements per
   thread, tile32.shfl_down, shared memory, cg::reduce per block): reduce.cu against
   reduce_omp.c (an OpenMP reduction), as in 2.
9. Tiled matrix product against OpenBLAS: matmul.cu against cblas_sgemm on the same inputs
   (sgemm_openblas.c) with as many threads, runs interleaved; ratio = OpenBLAS / cu2c.
10. Texture fetches: texture.cu sums 16 texels per thread through a plain pointer, through
   tex2D with point filtering and with linear filtering; ratios to the pointer kernel, as
   built (g++ vectorises it) and built with -fno-tree-vectorize (one scalar load per read).
11. The patterns where Rodinia's programs lose, each against an OpenMP port of the same
   algorithm, as in 2: wavefront dynamic programming with a launch per diagonal of tiles (nw),
   k-median distances with block reductions (streamcluster), a filter with two shared-memory
   tree reductions per tile (srad).
12. Fresh large buffers: cudaMalloc N MiB, cudaMemcpy in, a trivial kernel, cudaMemcpy out
   into fresh host memory, free (bigcopy.cu), against the same steps with OpenMP loops on
   malloc'd memory (bigcopy_omp.c), at 256 MiB and 1 GiB with 2 threads: page faults on
   memory touched for the first time are part of the time.
13. cuBLAS: SGEMM of 2048x2048 floats through cu2c's cublasSgemm (libcublas: queued on the
   handle's stream, run by OpenBLAS, then cudaDeviceSynchronize) against cblas_sgemm called
   directly on the same inputs, and the same product through cuBLASLt's cublasLtMatmul (FP32)
   (cublas_sgemm.cu, one program, three modes), threads = cores for all, runs interleaved;
   overhead = cuBLAS / cblas - 1 (goal: a few percent at most).
14. thrust (its OpenMP device system, on device_vectors): thrust::sort of 2^24 uint32 and of
   2^24 float keys against std::sort (one thread: the C++ library's), and thrust::reduce of
   2^24 floats against an OpenMP reduction (`#pragma omp parallel for reduction`):
   thrust_sort_reduce.cu through cu2cc against thrust_sort_reduce_ref.cpp through
   `g++ -O3 -fopenmp`, with all cores, runs interleaved; ratio = reference / thrust.

15. cuSOLVER: the LU factorisation (partial pivoting) of a 1024x1024 double matrix through
   cu2c's cusolverDnDgetrf (libcusolver: queued on the handle's stream, run by OpenBLAS's
   LAPACK, then cudaDeviceSynchronize) against LAPACK's dgetrf_ called directly on the same
   buffer (cusolver_dgetrf.cu, one program, two modes), threads = cores for both, runs
   interleaved; overhead = cuSOLVER / LAPACK - 1.
16. cuSPARSE: y = A x for a CSR float matrix of 2^20 rows, 10 entries per row, through cu2c's
   cusparseSpMV (libcusparse: queued on the handle's stream, blocks of rows, then
   cudaDeviceSynchronize; cusparse_spmv.cu) against the plain CSR loop with `omp parallel for`
   over rows (cusparse_spmv_omp.c) on the same matrix, threads = cores for both, runs
   interleaved; ratio = omp / cuSPARSE (1.0 or more: no overhead).
17. Strong scaling over devices and ranks: one fixed 2-D Jacobi problem (2048^2 floats, 50
   iterations, rows split evenly, halo rows exchanged every iteration; jacobi_multi.cu) on 1
   and 2 virtual devices of one worker each (CU2C_DEVICES, CU2C_DEVICE_WORKERS=1: cudaMemcpyPeerAsync
   halos) and on 1 and 2 MPI ranks of one worker each (mpirun, MPI_Sendrecv on device
   pointers), beside 1 device with 2 workers; runs interleaved; speedup = 1-part / 2-part
   time. Every split must give the same checksum bit for bit. Needs OpenMPI for the ranks.

cu2cc builds for this CPU (-march=native), so the OpenMP and OpenBLAS references get the
same target (OpenBLAS picks its own kernels at run time).

The machine is shared and noisy: every figure is a median of several runs taken side by side
in this one invocation. Work files go to build/bench/. `run.py N M...` runs only sections N, M.
"""
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "benchmarks")
WORK = os.path.join(ROOT, "build", "bench")
CU2C = os.path.join(ROOT, "bin", "cu2c")
CU2CC = os.path.join(ROOT, "bin", "cu2cc")
INC = os.path.join(ROOT, "include")
CLANG = shutil.which("clang-19")
# what cu2cc gives the C++ compiler for a translated file (keep in step with tools/cu2cc:
# -march=native is its default target, see README's cu2cc section)
CXXFLAGS = ["-std=gnu++17", "-fno-strict-aliasing", "-march=native", "-I" + INC]
# what cu2c gives libclang (translator/frontend.c), for the parse-only reference
PARSE_FLAGS = ["-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
               "--cuda-path=/nonexistent", "-std=c++17", "-isystem", INC,
               "-idirafter", os.path.join(INC, "cu2c", "parse"), "-include",
               "cuda_runtime.h", "-DCU2C_PARSING=1", "-D__CU2C__=1", "-Wno-unknown-cuda-version",
               "-Wno-reserved-user-defined-literal"]

TRANSLATE_REPS = 7      # cu2c runs (big.cu, small.cu, with and without --no-pch), clang runs
GXX_REPS = 3            # g++ -O2 on big.cu.cpp (~2.5 s each)
VADD_ROUNDS = 9         # program runs per side per thread count, interleaved
VADD_LAUNCHES = 20      # launches timed inside each program run
MATMUL_ROUNDS = 5       # matmul: program runs per side per thread count (~1 s per cu2c run)
MATMUL_LAUNCHES = 3     # matmul: launches timed inside each program run
STENCIL_ROUNDS = 5      # stencil: program runs per side per thread count
STENCIL_RUNS = 3        # stencil: 16-step runs (4 launches each) timed inside each program run
REDUCE_ROUNDS = 7       # warp reduction: program runs per side per thread count
REDUCE_LAUNCHES = 10    # warp reduction: launches timed inside each program run
PATTERN_ROUNDS = 5      # the Rodinia-like patterns: program runs per side per thread count
PATTERN_REPS = {"wavefront": 3, "kmedian": 5, "tilefilter": 5, "hotspot3d": 5, "pathfinder": 5, "srad": 3}  # timed inside each run
THRUST_ROUNDS = 5       # thrust: program runs per side per benchmark
THRUST_REPS = 3         # thrust: sorts or reductions timed inside each program run
SCALING_ROUNDS = 5      # strong scaling: program runs per configuration


def run(cmd, env=None, check=True):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       env=env)
    if check and p.returncode != 0:
        sys.exit(f"bench: failed ({p.returncode}): {' '.join(cmd)}\n{p.stdout}")
    return p


def timed(cmd):
    t0 = time.perf_counter()
    run(cmd)
    return time.perf_counter() - t0


def median_time(cmd, reps):
    return statistics.median(timed(cmd) for _ in range(reps))


def section(title):
    print(f"\n== {title}")


def bench_translation():
    section("1. translation of a generated large .cu")
    big = os.path.join(WORK, "big.cu")
    run([sys.executable, os.path.join(BENCH, "gen_large.py"), big])
    with open(big) as f:
        text = f.read()
    lines, kernels = text.count("\n"), text.count("__global__")
    out = big + ".cpp"
    small = os.path.join(WORK, "small.cu")
    with open(small, "w") as f:
        f.write("__global__ void k(float *a) { a[threadIdx.x] = 1; }\n"
                "int main() { float *a; k<<<1, 1>>>(a); }\n")
    # with the precompiled headers (lib/cu2c/*.pch) and without (--no-pch), interleaved
    cmds = [("cu2c big.cu -o big.cu.cpp", [CU2C, big, "-o", out]),
            ("cu2c --no-pch big.cu", [CU2C, "--no-pch", big, "-o", out]),
            ("cu2c small.cu (2 lines)", [CU2C, small, "-o", small + ".c"]),
            ("cu2c --no-pch small.cu", [CU2C, "--no-pch", small, "-o", small + ".c"])]
    rows = [(name, [], TRANSLATE_REPS) for name, _ in cmds]
    for _ in range(TRANSLATE_REPS):
        for row, (_, cmd) in zip(rows, cmds):
            row[1].append(timed(cmd))
    rows = [(name, statistics.median(ts), n) for name, ts, n in rows]
    if CLANG:
        rows.append(("clang-19 -fsyntax-only (same flags)",
                     median_time([CLANG, "-fsyntax-only"] + PARSE_FLAGS + [big], TRANSLATE_REPS),
                     TRANSLATE_REPS))
    rows.append(("g++ -O2 -c big.cu.cpp",
                 median_time(["g++", "-O2"] + CXXFLAGS + ["-c", out, "-o", out + ".o"], GXX_REPS),
                 GXX_REPS))
    print(f"input: {lines} lines, {kernels} kernels; output: "
          f"{sum(1 for _ in open(out))} lines")
    print(f"{'step':<40} {'median s':>9} {'runs':>5}")
    for name, t, n in rows:
        print(f"{name:<40} {t:>9.3f} {n:>5}")
    if CLANG:
        print(f"cu2c / parse-only = {rows[0][1] / rows[4][1]:.2f}")
    exe = os.path.join(WORK, "big")
    run([CU2CC, "-O2", big, "-o", exe])
    for threads in ("1", "2"):
        p = run([exe], env=dict(os.environ, CU2C_NUM_THREADS=threads), check=False)
        status = "ok" if p.returncode == 0 else f"FAILED (exit {p.returncode})"
        print(f"cu2cc-built big, CU2C_NUM_THREADS={threads}: {status}: {p.stdout.strip()}")


def program_ms(cmd, env):
    out = run(cmd, env=env).stdout
    m = re.search(r"median_ms=([0-9.]+)", out)
    if not m:
        sys.exit(f"bench: no median_ms in the output of {cmd[0]}:\n{out}")
    return float(m.group(1))


def compare(cu_exe, omp_exe, args, rounds):
    """Interleaved runs of the cu2c and OpenMP programs with 2, then 1 thread(s): a table of
    medians and ratio = omp / cu2c."""
    print(f"{'threads':>7} {'cu2c ms':>9} {'omp ms':>9} {'ratio omp/cu2c':>15} "
          f"{'median of per-run ratios':>25}")
    for threads in ("2", "1"):
        env = dict(os.environ, CU2C_NUM_THREADS=threads, OMP_NUM_THREADS=threads,
                   OMP_PROC_BIND="false")
        cu, omp = [], []
        for r in range(rounds):
            # alternate which side goes first, so neither always follows the other
            order = [("cu", cu_exe), ("omp", omp_exe)]
            for side, exe in (order if r % 2 == 0 else order[::-1]):
                (cu if side == "cu" else omp).append(program_ms([exe] + args, env))
        mc, mo = statistics.median(cu), statistics.median(omp)
        per_run = statistics.median(o / c for o, c in zip(omp, cu))
        print(f"{threads:>7} {mc:>9.3f} {mo:>9.3f} {mo / mc:>15.2f} {per_run:>25.2f}")


def build_pair(name):
    cu_exe, omp_exe = os.path.join(WORK, name + "_cu2c"), os.path.join(WORK, name + "_omp")
    run([CU2CC, "-O3", os.path.join(BENCH, name + ".cu"), "-o", cu_exe])
    run(["gcc", "-O3", "-march=native", "-fopenmp", os.path.join(BENCH, name + "_omp.c"),
         "-o", omp_exe, "-lm"])
    return cu_exe, omp_exe


def bench_vadd():
    section(f"2. vector add, 2^24 floats ({VADD_ROUNDS} interleaved runs per side, "
            f"each the median of {VADD_LAUNCHES} launches)")
    compare(*build_pair("vadd"), [str(VADD_LAUNCHES)], VADD_ROUNDS)


def bench_matmul():
    section(f"3. tiled matrix product, 1024x1024 floats, 16x16 tiles ({MATMUL_ROUNDS} interleaved "
            f"runs per side, each the median of {MATMUL_LAUNCHES} launches)")
    compare(*build_pair("matmul"), [str(MATMUL_LAUNCHES)], MATMUL_ROUNDS)


def bench_stencil():
    section(f"4. time-tiled Jacobi stencil, 2048x2048 floats, 16 steps = 4 launches x 4 steps "
            f"({STENCIL_ROUNDS} interleaved runs per side, each the median of {STENCIL_RUNS} "
            f"16-step runs; ms per 16 steps)")
    compare(*build_pair("stencil"), [str(STENCIL_RUNS)], STENCIL_ROUNDS)


def bench_reduce():
    section(f"8. warp-function reduction, 2^24 floats ({REDUCE_ROUNDS} interleaved runs per side, "
            f"each the median of {REDUCE_LAUNCHES} launches)")
    compare(*build_pair("reduce"), [str(REDUCE_LAUNCHES)], REDUCE_ROUNDS)


def bench_patterns():
    section(f"11. the patterns where Rodinia's programs lose ({PATTERN_ROUNDS} interleaved runs per "
            f"side, each the median of its own launches)")
    for name, what in (("wavefront", "wavefront DP (nw): 4097^2 ints, 16x16 tiles, a launch per "
                        "diagonal of tiles"),
                       ("kmedian", "k-median distances (streamcluster): 2^17 points x 32 dims x 48 "
                        "centres, block cost sums"),
                       ("tilefilter", "tile statistics filter (srad): 2048^2 floats, two shared-memory "
                        "tree reductions per 16x16 tile"),
                       ("hotspot3d", "3-D heat stencil (hotspot3D): 512x512x8 floats, 20 steps, 64x4 "
                        "blocks, each thread marching up z with its neighbours' indices"),
                       ("pathfinder", "DP sweep (pathfinder): 65536 x 1001 ints, 20 rows per launch, "
                        "a window test and clamped neighbour indices kept in locals across barriers"),
                       ("srad", "diffusion step (srad_v1): 2008 x 1832 floats, 20 iterations, each "
                        "thread's row and column by % and / of a run-time height, a long bound")):
        print(f"-- {name}: {what}")
        compare(*build_pair(name), [str(PATTERN_REPS[name])], PATTERN_ROUNDS)


def kernel_lines(path, name):
    """First and last line of __global__ `name` in path (the braces' lines)."""
    with open(path) as f:
        lines = f.readlines()
    first = next(i for i, l in enumerate(lines, 1) if re.search(rf"__global__\s+void\s+{name}\b", l))
    depth, seen = 0, False
    for i in range(first - 1, len(lines)):
        depth += lines[i].count("{") - lines[i].count("}")
        seen = seen or "{" in lines[i]
        if seen and depth == 0:
            return first, i + 1
    return first, len(lines)


def vectorisation(name, kernel):
    src = os.path.join(BENCH, name + ".cu")
    out = os.path.join(WORK, name + ".cu.cpp")
    run([CU2C, src, "-o", out])
    lo, hi = kernel_lines(src, kernel)
    # the block function __cu2c_blk_<kernel> carries #line markers back to the kernel's lines
    p = run(["g++", "-O3"] + CXXFLAGS + ["-fopt-info-vec-all", "-c", out, "-o", out + ".o"])
    msgs = []
    for line in p.stdout.splitlines():
        m = re.match(rf"(?:.*/)?{name}\.cu:(\d+):\d+: (optimized|missed): (.*)", line)
        if m and lo <= int(m.group(1)) <= hi and ("loop" in m.group(3)
                                                  or "not vectorized" in m.group(3)):
            msgs.append((int(m.group(1)), m.group(2), line.split(": ", 1)[1] if ": " in line else line))
    vec_lines = sorted({ln for ln, kind, text in msgs
                        if kind == "optimized" and "loop vectorized" in text})
    print(f"kernel {kernel}: {name}.cu lines {lo}-{hi}; loops vectorised at lines: "
          + (", ".join(map(str, vec_lines)) if vec_lines else "NONE"))
    # per kernel line with a loop: vectorised, or the reasons given (each once)
    for ln in sorted({m[0] for m in msgs}):
        texts = [t.split(": ", 1)[1] if ": " in t else t for l, _, t in msgs if l == ln]
        if ln in vec_lines:
            print(f"  line {ln}: vectorised")
        else:
            why = {}  # reason -> first example ("data ref analysis failed" -> "acc = *_97")
            for t in texts:
                if "not vectorized: " in t:
                    reason, _, example = t.split("not vectorized: ", 1)[1].partition(": ")
                    why.setdefault(reason.rstrip("."), example)
            print(f"  line {ln}: not vectorised: " + ("; ".join(
                f"{r} ({e})" if e else r for r, e in why.items()) or texts[0]))


def bench_vectorisation():
    section(f"5. vectorisation of the translated kernels' thread loops "
            f"(g++ -O3 {' '.join(CXXFLAGS[:3])})")
    for name, kernel in (("vadd", "vadd"), ("matmul", "matmul"), ("stencil", "jacobi"), ("hotspot3d", "step"),
                         ("pathfinder", "sweep"), ("srad", "coefficients")):
        vectorisation(name, kernel)


LAUNCH_ROUNDS = 5       # launch benchmark: program runs per thread count
LAUNCH_N = 20000        # launches per timed batch inside each run
UNEVEN_ROUNDS = 5       # uneven blocks: program runs per schedule per pattern
BIGCOPY_RUNS = ((256, 5, 3), (1024, 3, 2))   # fresh buffers: (MiB, runs per side, rounds per run)


def bench_launch():
    section(f"6. launch cost: empty kernel, 1 block of 32 threads, {LAUNCH_N} launches per batch "
            f"({LAUNCH_ROUNDS} runs per thread count, each the median of 7 batches)")
    exe = os.path.join(WORK, "launch")
    run([CU2CC, "-O2", os.path.join(BENCH, "launch.cu"), "-o", exe])
    print(f"{'threads':>7} {'async us':>9} {'launches/s':>11} {'launch+sync us':>15} "
          f"{'launch+sync/s':>14} {'in a graph us':>14} {'graph/async':>12}")
    for threads in ("2", "1"):
        env = dict(os.environ, CU2C_NUM_THREADS=threads)
        a, b, g = [], [], []
        for _ in range(LAUNCH_ROUNDS):
            out = run([exe, str(LAUNCH_N)], env=env).stdout
            m = re.search(r"async_us=([0-9.]+) .*sync_us=([0-9.]+) .*graph_us=([0-9.]+)", out)
            if not m:
                sys.exit(f"bench: unexpected output of launch:\n{out}")
            a.append(float(m.group(1)))
            b.append(float(m.group(2)))
            g.append(float(m.group(3)))
        ma, mb, mg = statistics.median(a), statistics.median(b), statistics.median(g)
        print(f"{threads:>7} {ma:>9.3f} {1e6 / ma:>11.0f} {mb:>15.3f} {1e6 / mb:>14.0f} {mg:>14.3f} "
              f"{mg / ma:>12.2f}")


def bench_uneven():
    section(f"7. block scheduling: 512 uneven blocks, 2 workers ({UNEVEN_ROUNDS} interleaved runs "
            f"per schedule, each the median of 9 launches; ms per launch)")
    exe = os.path.join(WORK, "uneven")
    run([CU2CC, "-O2", os.path.join(BENCH, "uneven.cu"), "-o", exe])
    schedules = ("dynamic", "static", "cyclic", "steal")
    print(f"{'pattern':>8} " + " ".join(f"{s:>9}" for s in schedules) + "   (ratio to dynamic)")
    for pattern, name in (("0", "ramp"), ("1", "spikes")):
        times = {s: [] for s in schedules}
        for r in range(UNEVEN_ROUNDS):
            for sched in (schedules if r % 2 == 0 else schedules[::-1]):
                env = dict(os.environ, CU2C_NUM_THREADS="2", CU2C_SCHEDULE=sched)
                times[sched].append(program_ms([exe, pattern], env))
        med = {s: statistics.median(t) for s, t in times.items()}
        print(f"{name:>8} " + " ".join(f"{med[s]:>9.2f}" for s in schedules) + "   (" +
              " ".join(f"{med[s] / med['dynamic']:.2f}" for s in schedules) + ")")


SGEMM_ROUNDS = 5        # cu2c matmul against OpenBLAS: program runs per side per thread count
SGEMM_CALLS = 5         # launches / cblas_sgemm calls timed inside each program run
AVX512_CORES = ("SkylakeX", "Cooperlake", "SapphireRapids", "Zen4", "Zen5")


def openblas_core(exe, env):
    """The kernel set OpenBLAS picks on this CPU (OPENBLAS_VERBOSE=2 prints `Core: X`)."""
    out = run([exe, "1", "64"], env=dict(env, OPENBLAS_VERBOSE="2")).stdout
    m = re.search(r"Core: (\w+)", out)
    return m.group(1) if m else "?"


def bench_sgemm():
    section(f"9. tiled matrix product against OpenBLAS cblas_sgemm, 1024x1024 floats "
            f"({SGEMM_ROUNDS} interleaved runs per side, each the median of {SGEMM_CALLS} calls)")
    blas = os.path.join(WORK, "sgemm_openblas")
    p = run(["gcc", "-O2", "-march=native", os.path.join(BENCH, "sgemm_openblas.c"), "-o", blas,
             "-lopenblas", "-lm"], check=False)
    if p.returncode != 0:
        print("skipped: OpenBLAS is not installed (apt-get install libopenblas-dev); "
              f"the build said:\n{p.stdout.strip()[:300]}")
        return
    cu_exe = os.path.join(WORK, "matmul_cu2c")
    run([CU2CC, "-O3", os.path.join(BENCH, "matmul.cu"), "-o", cu_exe])
    core = openblas_core(blas, os.environ)
    sides = [("cu2c", cu_exe, {}), (f"OpenBLAS ({core})", blas, {})]
    # OpenBLAS 0.3.21 does not know AMD's Zen 5 and falls back to its AVX2 (Haswell) kernels:
    # on a CPU with AVX-512 its AVX-512 kernels are measured too, and the faster one counts
    with open("/proc/cpuinfo") as f:
        avx512 = " avx512f" in f.read()
    if avx512 and core not in AVX512_CORES:
        sides.append(("OpenBLAS (SkylakeX)", blas, {"OPENBLAS_CORETYPE": "SkylakeX"}))
    print(f"{'threads':>7} " + " ".join(f"{name + ' ms':>24}" for name, _, _ in sides) +
          f" {'ratio OpenBLAS/cu2c':>20}")
    for threads in ("2", "1"):
        times = {name: [] for name, _, _ in sides}
        for r in range(SGEMM_ROUNDS):
            for name, exe, extra in (sides if r % 2 == 0 else sides[::-1]):
                env = dict(os.environ, CU2C_NUM_THREADS=threads, OPENBLAS_NUM_THREADS=threads,
                           **extra)
                times[name].append(program_ms([exe, str(SGEMM_CALLS)], env))
        med = {name: statistics.median(t) for name, t in times.items()}
        best = min(med[name] for name, _, _ in sides[1:])
        print(f"{threads:>7} " + " ".join(f"{med[name]:>24.3f}" for name, _, _ in sides) +
              f" {best / med['cu2c']:>20.2f}")


TEXTURE_ROUNDS = 7      # texture: program runs per thread count
TEXTURE_LAUNCHES = 5    # launches of each kernel timed inside each program run


def bench_texture():
    section(f"10. texture fetches: 1024x1024 floats, 16 fetches per thread, 1 worker "
            f"({TEXTURE_ROUNDS} runs, each the median of {TEXTURE_LAUNCHES} launches of each "
            f"kernel, interleaved)")
    exe, scalar = os.path.join(WORK, "texture"), os.path.join(WORK, "texture_novec")
    run([CU2CC, "-O3", os.path.join(BENCH, "texture.cu"), "-o", exe])
    # the same program without vectorisation: what one pointer read costs on its own
    run([CU2CC, "-O3", "-Xcompiler", "-fno-tree-vectorize", os.path.join(BENCH, "texture.cu"),
         "-o", scalar])
    kinds = ("ptr", "point", "linear")
    times = {k: [] for k in kinds + ("ptr_scalar",)}
    env = dict(os.environ, CU2C_NUM_THREADS="1")
    for r in range(TEXTURE_ROUNDS):
        for e in ((exe, scalar) if r % 2 == 0 else (scalar, exe)):
            out = run([e, str(TEXTURE_LAUNCHES)], env=env).stdout
            for k in kinds:
                m = re.search(rf"{k}_ms=([0-9.]+)", out)
                if not m:
                    sys.exit(f"bench: unexpected output of texture:\n{out}")
                if e == exe:
                    times[k].append(float(m.group(1)))
                elif k == "ptr":
                    times["ptr_scalar"].append(float(m.group(1)))
    med = {k: statistics.median(t) for k, t in times.items()}
    print(f"{'kernel':>22} {'ms':>9} {'ns/fetch':>9} {'/ ptr':>7} {'/ ptr scalar':>13}")
    for k, name in (("ptr", "ptr (vectorised)"), ("ptr_scalar", "ptr (-fno-tree-vectorize)"),
                    ("point", "tex2D point"), ("linear", "tex2D linear")):
        print(f"{name:>22} {med[k]:>9.3f} {med[k] * 1e6 / (1024 * 1024 * 16):>9.3f} "
              f"{med[k] / med['ptr']:>7.2f} {med[k] / med['ptr_scalar']:>13.2f}")


def bench_bigcopy():
    section("12. fresh large buffers: cudaMalloc, copy in, kernel, copy out to fresh host memory, "
            "free; 2 threads (interleaved runs; each the median of its rounds; ms)")
    cu_exe, omp_exe = build_pair("bigcopy")
    env = dict(os.environ, CU2C_NUM_THREADS="2", OMP_NUM_THREADS="2", OMP_PROC_BIND="false")
    phases = ("median_ms", "alloc+in", "kernel", "out", "free")
    print(f"{'MiB':>5} {'side':>5} " + " ".join(f"{p.replace('median_ms', 'total'):>9}"
                                              for p in phases) + f" {'ratio omp/cu2c':>15}")
    for mib, runs, rounds in BIGCOPY_RUNS:
        got = {"cu2c": {p: [] for p in phases}, "omp": {p: [] for p in phases}}
        for r in range(runs):
            order = [("cu2c", cu_exe), ("omp", omp_exe)]
            for side, exe in (order if r % 2 == 0 else order[::-1]):
                out = run([exe, str(mib), str(rounds)], env=env).stdout
                for p in phases:
                    m = re.search(re.escape(p) + r"=([0-9.]+)", out)
                    if not m:
                        sys.exit(f"bench: no {p} in the output of {exe}:\n{out}")
                    got[side][p].append(float(m.group(1)))
        med = {side: {p: statistics.median(v) for p, v in d.items()} for side, d in got.items()}
        for side in ("cu2c", "omp"):
            ratio = (f" {med['omp']['median_ms'] / med['cu2c']['median_ms']:>15.2f}"
                     if side == "cu2c" else "")
            print(f"{mib:>5} {side:>5} " + " ".join(f"{med[side][p]:>9.1f}" for p in phases)
                  + ratio)


CUBLAS_ROUNDS = 7       # cuBLAS SGEMM against cblas_sgemm: program runs per side
CUBLAS_CALLS = 3        # calls timed inside each program run
CUBLAS_N = 2048


def bench_cublas():
    cores = str(os.cpu_count())
    section(f"13. cuBLAS SGEMM and cuBLASLt's FP32 matmul against cblas_sgemm, {CUBLAS_N}x{CUBLAS_N} floats, {cores} threads "
            f"({CUBLAS_ROUNDS} interleaved runs per side, each the median of {CUBLAS_CALLS} calls)")
    exe = os.path.join(WORK, "cublas_sgemm")
    p = run([CU2CC, "-O3", os.path.join(BENCH, "cublas_sgemm.cu"), "-o", exe, "-lcublasLt", "-lcublas"],
            check=False)
    if p.returncode != 0:
        print("skipped: cuBLAS could not be built (OpenBLAS missing? apt-get install "
              f"libopenblas-dev); the build said:\n{p.stdout.strip()[:300]}")
        return
    env = dict(os.environ, CU2C_NUM_THREADS=cores, OPENBLAS_NUM_THREADS=cores)
    modes = ["cublas", "cublaslt", "cblas"]
    times = {m: [] for m in modes}
    for r in range(CUBLAS_ROUNDS):
        for mode in modes[r % 3:] + modes[:r % 3]:   # each side first in turn
            times[mode].append(program_ms([exe, mode, str(CUBLAS_CALLS), str(CUBLAS_N)], env))
    mb = statistics.median(times["cblas"])
    print(f"{'routine':>16} {'ms':>8} {'cblas_sgemm ms':>15} {'overhead':>9} {'median of per-run':>18} "
          f"{'GFLOP/s':>8}")
    for mode, name in (("cublas", "cublasSgemm"), ("cublaslt", "cublasLtMatmul")):
        mc = statistics.median(times[mode])
        per_run = statistics.median(c / b for c, b in zip(times[mode], times["cblas"]))
        gflops = 2.0 * CUBLAS_N ** 3 / (mc * 1e6)
        print(f"{name:>16} {mc:>8.1f} {mb:>15.1f} {100 * (mc / mb - 1):>8.1f}% {100 * (per_run - 1):>17.1f}% "
              f"{gflops:>8.1f}")


CUSOLVER_ROUNDS = 7     # cusolverDnDgetrf against dgetrf_: program runs per side
CUSOLVER_CALLS = 5      # factorisations timed inside each program run
CUSOLVER_N = 1024


def bench_cusolver():
    cores = str(os.cpu_count())
    section(f"15. cuSOLVER getrf against LAPACK's dgetrf, {CUSOLVER_N}x{CUSOLVER_N} doubles, {cores} "
            f"threads ({CUSOLVER_ROUNDS} interleaved runs per side, each the median of {CUSOLVER_CALLS} calls)")
    exe = os.path.join(WORK, "cusolver_dgetrf")
    p = run([CU2CC, "-O3", os.path.join(BENCH, "cusolver_dgetrf.cu"), "-o", exe, "-lcusolver"], check=False)
    if p.returncode != 0:
        print("skipped: cuSOLVER could not be built (OpenBLAS missing? apt-get install "
              f"libopenblas-dev); the build said:\n{p.stdout.strip()[:300]}")
        return
    env = dict(os.environ, CU2C_NUM_THREADS=cores, OPENBLAS_NUM_THREADS=cores)
    times = {"cusolver": [], "lapack": []}
    for r in range(CUSOLVER_ROUNDS):
        order = ["cusolver", "lapack"] if r % 2 == 0 else ["lapack", "cusolver"]
        for mode in order:
            times[mode].append(program_ms([exe, mode, str(CUSOLVER_CALLS), str(CUSOLVER_N)], env))
    mc, ml = statistics.median(times["cusolver"]), statistics.median(times["lapack"])
    per_run = statistics.median(c / l for c, l in zip(times["cusolver"], times["lapack"]))
    gflops = 2.0 / 3.0 * CUSOLVER_N ** 3 / (mc * 1e6)
    print(f"{'cusolverDnDgetrf ms':>20} {'dgetrf_ ms':>11} {'overhead':>9} {'median of per-run':>18} "
          f"{'cuSOLVER GFLOP/s':>17}")
    print(f"{mc:>20.2f} {ml:>11.2f} {100 * (mc / ml - 1):>8.1f}% {100 * (per_run - 1):>17.1f}% "
          f"{gflops:>17.1f}")


def bench_thrust():
    threads = str(os.cpu_count())
    section(f"14. thrust on device_vectors, 2^24 keys, {threads} threads ({THRUST_ROUNDS} interleaved "
            f"runs per side, each the median of {THRUST_REPS})")
    cu_exe, ref_exe = os.path.join(WORK, "thrust_cu2c"), os.path.join(WORK, "thrust_ref")
    run([CU2CC, "-O3", os.path.join(BENCH, "thrust_sort_reduce.cu"), "-o", cu_exe])
    run(["g++", "-O3", "-march=native", "-fopenmp", os.path.join(BENCH, "thrust_sort_reduce_ref.cpp"),
         "-o", ref_exe])
    env = dict(os.environ, CU2C_NUM_THREADS=threads, OMP_NUM_THREADS=threads, OMP_PROC_BIND="false")
    print(f"{'benchmark':<30} {'thrust ms':>10} {'ref ms':>9} {'ratio ref/thrust':>17}")
    for what, ref in (("sort_u32", "std::sort"), ("sort_f32", "std::sort"), ("reduce", "omp reduction")):
        cu, rf = [], []
        for r in range(THRUST_ROUNDS):
            order = [(cu, cu_exe), (rf, ref_exe)]
            for times, exe in (order if r % 2 == 0 else order[::-1]):
                times.append(program_ms([exe, what, str(THRUST_REPS)], env))
        mc, mr = statistics.median(cu), statistics.median(rf)
        print(f"{what + ' vs ' + ref:<30} {mc:>10.1f} {mr:>9.1f} {mr / mc:>17.2f}")


CUSPARSE_ROUNDS = 7     # cusparseSpMV against the OpenMP CSR loop: program runs per side
CUSPARSE_CALLS = 20     # products timed inside each program run


def bench_cusparse():
    cores = str(os.cpu_count())
    section(f"16. cuSPARSE SpMV against an OpenMP CSR loop, 2^20 rows x 10 floats, {cores} threads "
            f"({CUSPARSE_ROUNDS} interleaved runs per side, each the median of {CUSPARSE_CALLS} calls)")
    cu_exe, omp_exe = os.path.join(WORK, "cusparse_spmv"), os.path.join(WORK, "cusparse_spmv_omp")
    run([CU2CC, "-O3", os.path.join(BENCH, "cusparse_spmv.cu"), "-o", cu_exe, "-lcusparse"])
    run(["gcc", "-O3", "-march=native", "-fopenmp", os.path.join(BENCH, "cusparse_spmv_omp.c"),
         "-o", omp_exe, "-lm"])
    env = dict(os.environ, CU2C_NUM_THREADS=cores, OMP_NUM_THREADS=cores, OMP_PROC_BIND="false")
    cu, omp = [], []
    for r in range(CUSPARSE_ROUNDS):
        order = [(cu, cu_exe), (omp, omp_exe)]
        for times, exe in (order if r % 2 == 0 else order[::-1]):
            times.append(program_ms([exe, str(CUSPARSE_CALLS)], env))
    mc, mo = statistics.median(cu), statistics.median(omp)
    per_run = statistics.median(o / c for o, c in zip(omp, cu))
    print(f"{'cusparseSpMV ms':>16} {'omp loop ms':>12} {'ratio omp/cuSPARSE':>19} {'median of per-run':>18}")
    print(f"{mc:>16.3f} {mo:>12.3f} {mo / mc:>19.2f} {per_run:>18.2f}")


def bench_scaling():
    section(f"17. strong scaling: 2048^2 Jacobi, 50 iterations, 1 worker per device or rank "
            f"({SCALING_ROUNDS} interleaved runs per configuration, each the median of 3)")
    exe = os.path.join(WORK, "jacobi_multi")
    run([CU2CC, "-O3", os.path.join(BENCH, "jacobi_multi.cu"), "-o", exe])
    configs = [("1 device x 1 worker", [exe], {"CU2C_DEVICES": "1", "CU2C_DEVICE_WORKERS": "1"}),
               ("2 devices x 1 worker", [exe], {"CU2C_DEVICES": "2", "CU2C_DEVICE_WORKERS": "1"}),
               ("1 device x 2 workers", [exe], {"CU2C_DEVICES": "1", "CU2C_DEVICE_WORKERS": "2"})]
    mpirun = shutil.which("mpirun")
    if mpirun:
        mexe = os.path.join(WORK, "jacobi_multi_mpi")
        run([CU2CC, "-O3", "-ccbin", "mpicxx", "-DUSE_MPI", os.path.join(BENCH, "jacobi_multi.cu"), "-o", mexe])
        for np in ("1", "2"):
            cmd = [mpirun, "--allow-run-as-root", "--oversubscribe", "--bind-to", "none", "--mca",
                   "btl_vader_single_copy_mechanism", "none", "-np", np, "-x", "CU2C_NUM_THREADS=1", mexe]
            configs.append((f"{np} MPI rank(s) x 1 worker", cmd, {}))
    else:
        print("(no mpirun: the MPI rows are left out; scripts/setup installs OpenMPI)")
    times = {name: [] for name, _, _ in configs}
    sums = set()
    for r in range(SCALING_ROUNDS):
        for name, cmd, extra in (configs if r % 2 == 0 else configs[::-1]):
            out = run(cmd + ["3"], env=dict(os.environ, **extra)).stdout
            m = re.search(r"checksum=([0-9.]+) median_ms=([0-9.]+)", out)
            if not m:
                sys.exit(f"bench: no checksum in the output of {cmd}:\n{out}")
            sums.add(m.group(1))
            times[name].append(float(m.group(2)))
    if len(sums) != 1:
        sys.exit(f"bench: the splits disagree: checksums {sorted(sums)}")
    med = {name: statistics.median(t) for name, t in times.items()}
    print(f"{'configuration':>26} {'ms':>9} {'speedup':>8}")
    for name, _, _ in configs:
        base = med["1 device x 1 worker"] if "device" in name else med.get("1 MPI rank(s) x 1 worker")
        print(f"{name:>26} {med[name]:>9.1f} {base / med[name]:>8.2f}")
    print(f"(checksum {sums.pop()} in every configuration)")


def bench_reductions():
    section(f"18. shared-memory block reductions, 2^24 floats, 256-thread blocks, against reduce_omp.c "
            f"({REDUCE_ROUNDS} interleaved runs per side, each the median of {REDUCE_LAUNCHES} launches)")
    cu_exe = os.path.join(WORK, "reductions_cu2c")
    run([CU2CC, "-O3", os.path.join(BENCH, "reductions.cu"), "-o", cu_exe])
    _, omp_exe = build_pair("reduce")
    print(f"{'threads':>7} {'kernel':>12} {'cu2c ms':>9} {'omp ms':>9} {'ratio omp/cu2c':>15}")
    for threads in ("2", "1"):
        env = dict(os.environ, CU2C_NUM_THREADS=threads, OMP_NUM_THREADS=threads, OMP_PROC_BIND="false")
        cu, omp = {}, []
        for r in range(REDUCE_ROUNDS):
            sides = ["cu", "omp"] if r % 2 == 0 else ["omp", "cu"]
            for side in sides:
                if side == "omp":
                    omp.append(program_ms([omp_exe, str(REDUCE_LAUNCHES)], env))
                    continue
                out = run([cu_exe, str(REDUCE_LAUNCHES)], env=env).stdout
                for name, ms in re.findall(r"(\w+)_ms=([0-9.]+)", out):
                    cu.setdefault(name, []).append(float(ms))
        mo = statistics.median(omp)
        for name, times in cu.items():
            mc = statistics.median(times)
            print(f"{threads:>7} {name:>12} {mc:>9.3f} {mo:>9.3f} {mo / mc:>15.2f}")


def main():
    if not (os.access(CU2C, os.X_OK) and os.access(CU2CC, os.X_OK)):
        sys.exit("bench: build first (make all)")
    os.makedirs(WORK, exist_ok=True)
    t0 = time.perf_counter()
    print(f"cu2c benchmarks on {os.cpu_count()} cores")
    sections = (bench_translation, bench_vadd, bench_matmul, bench_stencil, bench_vectorisation,
                bench_launch, bench_uneven, bench_reduce, bench_sgemm, bench_texture,
                bench_patterns, bench_bigcopy, bench_cublas, bench_thrust, bench_cusolver,
                bench_cusparse, bench_scaling, bench_reductions)
    # `run.py 9 10`: only those sections
    chosen = [int(a) for a in sys.argv[1:]] or range(1, len(sections) + 1)
    for n in chosen:
        sections[n - 1]()
    print(f"\n(bench took {time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()

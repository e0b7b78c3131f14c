# cu2c - explicit source lists; `make check` needs no GPU and no CUDA toolkit.
SHELL = /bin/bash
LLVM_DIR ?= /usr/lib/llvm-19
CC ?= cc
# make install lays out a CUDA toolkit's shape at PREFIX (see install below); DESTDIR stages it
PREFIX ?= /usr/local/cu2c
DESTDIR ?=
PYTHON ?= python3

WARN   = -Wall -Wextra -Wshadow -Wmissing-prototypes -Werror
CFLAGS ?= -O2 -g
PROJ_CFLAGS = -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS)
LLVM_INC = $(LLVM_DIR)/include
LLVM_LIB = $(LLVM_DIR)/lib

FRONTEND_SRC   = translator/frontend/parse.c translator/frontend/includes.c translator/frontend/host_cxx.c translator/frontend/libcuxx.c translator/frontend/device_symbols.c translator/frontend/language.c \
                 translator/frontend/cursors.c translator/frontend/user_functions.c \
                 translator/frontend/kernels.c translator/frontend/statement_lists.c \
                 translator/frontend/statement_facts.c translator/frontend/call_facts.c translator/frontend/index_arithmetic.c translator/frontend/guards.c translator/frontend/clamped_locals.c translator/frontend/flat_subscripts.c translator/frontend/unsigned_bounds.c translator/frontend/stepped_locals.c \
                 translator/frontend/local_kinds.c translator/frontend/expand.c \
                 translator/frontend/groups.c translator/frontend/cuda_arch.c \
                 translator/frontend/cuda_arch_dispatch.c \
                 translator/frontend/volatile_steps.c translator/frontend/member_calls.c \
                 translator/frontend/template_args.c translator/frontend/pch.c \
                 translator/frontend/loop_splits.c translator/frontend/ptx.c \
                 translator/frontend/shared_atomics.c translator/frontend/specialisations.c \
                 translator/frontend/dependent_members.c translator/frontend/gpu_arithmetic.c \
                 translator/frontend/spin_loops.c translator/frontend/escaping_functions.c
# thrust as a library (its OpenMP device system)
FRONTEND_SRC  += translator/frontend/thrust.c
TRANSLATOR_SRC = translator/main.c translator/arena.c translator/diag.c translator/model.c \
                 translator/emit.c $(FRONTEND_SRC)
PASS_SRC       = passes/find_regions.c passes/thread_variance.c passes/check_barriers.c passes/form_loops.c \
                 passes/promote_locals.c passes/hoist_textures.c passes/lower_kernel.c passes/thread_copies.c passes/block_function.c \
                 passes/fast_subscripts.c passes/narrow_guards.c passes/warp_step_stores.c passes/nest_exits.c passes/lower_sites.c passes/lower_launches.c \
                 passes/fiber_kernel.c
DRIVER_SRC     = tools/cu2cc/main.c tools/cu2cc/args.c tools/cu2cc/layout.c tools/cu2cc/steps.c \
                 tools/cu2cc/deps.c tools/cu2cc/output.c tools/cu2cc/util.c
# OpenMP for .cu files using thrust, and for their objects' link
DRIVER_SRC    += tools/cu2cc/openmp.c
RUNTIME_SRC    = runtime/error.c runtime/device.c runtime/devices.c runtime/peer.c runtime/mpi_support.c runtime/memory.c runtime/symbols.c runtime/device_heap.c runtime/arrays.c runtime/texture.c runtime/surface.c runtime/launch.c \
                 runtime/pool.c runtime/block_schedule.c runtime/spin_helpers.c runtime/faults.c runtime/fibers.c runtime/cooperative.c \
                 runtime/block_services.c runtime/stream.c runtime/event.c runtime/graphics.c runtime/graphics_egl.c runtime/driver_api.c \
                 runtime/operations.c runtime/mem_pool.c runtime/graph.c runtime/graph_capture.c runtime/graph_exec.c runtime/graph_memory.c
# libcu++'s headers have no extension (<cuda/barrier>): listed by their folder
HEADERS        = $(shell find include -name '*.h' -o -name '*.hpp' -o -name '*.cuh' -o -path 'include/cuda/*' -type f | LC_ALL=C sort)

TRANSLATOR_OBJ = $(TRANSLATOR_SRC:%.c=build/%.o) $(PASS_SRC:%.c=build/%.o) build/embedded_headers.o
RUNTIME_OBJ    = $(RUNTIME_SRC:%.c=build/%.o)
# The runtime built with a sanitizer (make check-sanitize): SAN is thread or address.
SANITIZERS     = thread address

# lib64/ holds libcu2c under CUDA's names (libcudart, libcudart_static and libcuda: the driver
# API's subset is in libcu2c too; and an empty libcudadevrt.a), in the build tree as
# in an installed one: CMake links CUDA executables with the host compiler and -lcudart_static
# -lcudadevrt, from the directory cu2cc's -v names (LIBRARIES). libnvToolsExt.a is empty too:
# NVTX is header-only here (include/nvtx3), for link lines that name -lnvToolsExt.
CUDA_LIBS      = lib64/libcudart.a lib64/libcudart_static.a lib64/libcuda.a lib64/libcudadevrt.a lib64/libnvToolsExt.a
# CUDA's math libraries, each built from libraries/<name>/*.c into lib64/lib<name>.a (so that
# -l<name> finds it, built and installed); cu2cc links what each needs after it (args.c).
# lib64/libcublas.so is a GNU ld script naming libcublas.a (beside it) and -lopenblas, so that
# a link by another driver (g++ -lcublas, CMake's CUDA::cublas) gets OpenBLAS too.
CUDA_LIBS     += lib64/libcublas.a lib64/libcublas.so lib64/libcusparse.a
# cuBLASLt (libraries/cublaslt) queues its jobs through libcublas.a's: libcublasLt.so (a
# script) names both archives and OpenBLAS.
CUDA_LIBS     += lib64/libcublasLt.a lib64/libcublasLt.so
# cuSOLVER's dense API (libraries/cusolver) runs LAPACK (OpenBLAS's) in jobs queued through
# libcublas.a's: libcusolver.so (a script) names both archives and OpenBLAS.
CUDA_LIBS     += lib64/libcusolver.a lib64/libcusolver.so
# NVML (libraries/nvml) as -lnvidia-ml: the archive under that name, and a .so script for g++
CUDA_LIBS     += lib64/libnvidia-ml.a lib64/libnvidia-ml.so

# cuRAND's host API (libraries/curand; its device API is header-only: include/curand_kernel.h)
CURAND_SRC     = libraries/curand/generator.c libraries/curand/generate.c libraries/curand/fill.c \
                 libraries/curand/sobol.c libraries/curand/sobol_joe_kuo.c
CUDA_LIBS     += lib64/libcurand.a lib64/libcurand_static.a

# CUDA's math libraries cu2c provides, each in libraries/NAME and built into lib64/libNAME.a
# (cu2cc -lNAME links it and what it is built on: tools/cu2cc/args.c). cuFFT runs on FFTW.
CUFFT_SRC      = libraries/cufft/layout.c libraries/cufft/plans.c libraries/cufft/execute.c libraries/cufft/xt.c \
                 libraries/cufft/distribute.c
# libcufft.so and libcufft_static.a are linker scripts naming the archive and FFTW, so that
# -lcufft or -lcufft_static alone links (g++, CMake's CUDA::cufft and CUDA::cufft_static);
# libculibos.a is empty, for the static libraries' link lines.
CUFFT_DEPS     = -lfftw3f_threads -lfftw3_threads -lfftw3f -lfftw3
CUDA_LIBS     += lib64/libcufft.a lib64/libcufft_static.a lib64/libcufft.so lib64/libculibos.a
# cuFFTW (cufftw.h) is FFTW's own API: -lcufftw links FFTW (libcufftw.so and .a are scripts)
CUDA_LIBS     += lib64/libcufftw.so lib64/libcufftw_static.a

# NCCL (libraries/nccl): ranks of one node meet in POSIX shared memory, ranks on several
# nodes talk through the program's MPI (found at run time: libnccl links no MPI); libnccl.so
# and libnccl_static.a are linker scripts naming the archive (and librt, shm_open's home before
# glibc 2.34), so that -lnccl, -lnccl_static and CMake's searches link it
NCCL_SRC       = libraries/nccl/errors.c libraries/nccl/shm.c libraries/nccl/communicators.c \
                 libraries/nccl/split.c libraries/nccl/redops.c libraries/nccl/reduce.c \
                 libraries/nccl/operations.c libraries/nccl/group.c libraries/nccl/execute.c \
                 libraries/nccl/p2p.c libraries/nccl/mpi.c libraries/nccl/mpi_meet.c \
                 libraries/nccl/mpi_ops.c
CUDA_LIBS     += lib64/libnccl.a lib64/libnccl.so lib64/libnccl_static.a

# cu2c's headers precompiled (translator/frontend/pch.c): for cu2c's own command line, and
# for the one cu2cc gives it by default (its -D's and the host compiler's header directory,
# as cu2cc --dryrun shows it); a parse uses one only where it fits exactly
PCH            = lib/cu2c/prefix.pch lib/cu2c/nvcc.pch

all: bin/cu2c bin/cu2cc lib/libcu2c.a lib/libcu2c-address.a lib/libcu2c-race.a $(CUDA_LIBS) $(PCH)

bin/cu2c: $(TRANSLATOR_OBJ)
	@mkdir -p bin
	$(CC) -o $@ $(TRANSLATOR_OBJ) -L$(LLVM_LIB) -lclang -Wl,-rpath,$(LLVM_LIB) -pthread

bin/cu2cc: $(DRIVER_SRC:%.c=build/%.o)
	@mkdir -p bin
	$(CC) -o $@ $(DRIVER_SRC:%.c=build/%.o)

lib/libcu2c.a: $(RUNTIME_OBJ)
	@mkdir -p lib
	rm -f $@ && ar rcs $@ $(RUNTIME_OBJ)

# CU2C_CHECK=race: the runtime plus the race checker, which defines the calls code compiled
# with -fsanitize=thread makes (instead of ThreadSanitizer's runtime)
lib/libcu2c-race.a: $(RUNTIME_OBJ) build/runtime/race_check.o
	@mkdir -p lib
	rm -f $@ && ar rcs $@ $(RUNTIME_OBJ) build/runtime/race_check.o

lib64/libcudart.a lib64/libcudart_static.a lib64/libcuda.a: lib/libcu2c.a
	@mkdir -p lib64
	cp lib/libcu2c.a $@

lib/cu2c/prefix.pch: bin/cu2c
	@mkdir -p lib/cu2c
	bin/cu2c --build-pch $@

lib/cu2c/nvcc.pch: bin/cu2c bin/cu2cc
	@mkdir -p lib/cu2c
	args=$$(bin/cu2cc --dryrun -c x.cu 2>&1 | sed -n 's/^#\$$ "[^"]*cu2c" --lang=c++ \(.*\) x\.cu -o .*/\1/p') && \
	  test -n "$$args" && eval bin/cu2c --build-pch $@ $$args

# cuBLAS runs on OpenBLAS (Debian's libopenblas-dev; its cblas.h from pkg-config's folder)
BLAS_CFLAGS   := $(shell pkg-config --cflags openblas 2>/dev/null)
CUBLAS_SRC     = libraries/cublas/handle.c libraries/cublas/transfers.c libraries/cublas/level1.c \
                 libraries/cublas/level2.c libraries/cublas/level3.c libraries/cublas/symmetric_triangular.c \
                 libraries/cublas/batched.c libraries/cublas/level1_ex.c
CUBLASLT_SRC   = libraries/cublaslt/descriptors.c libraries/cublaslt/convert.c libraries/cublaslt/matmul.c
CUSOLVER_SRC   = libraries/cusolver/handle.c libraries/cusolver/lu_cholesky.c libraries/cusolver/qr.c \
                 libraries/cusolver/svd_eig.c
NVML_SRC       = libraries/nvml/nvml.c
CUSPARSE_SRC   = libraries/cusparse/handle.c libraries/cusparse/mat_descr.c libraries/cusparse/descr_sparse.c \
                 libraries/cusparse/descr_dense.c libraries/cusparse/spmv.c libraries/cusparse/spmm.c \
                 libraries/cusparse/spgemm.c libraries/cusparse/sddmm.c libraries/cusparse/convert.c \
                 libraries/cusparse/vector_ops.c

# CUDA's libraries (libraries/NAME/*.c -> lib64/libNAME.a); -fPIC: cu2cc -shared links them too
build/libraries/%.o: libraries/%.c libraries/*/*.h $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(PROJ_CFLAGS) -fPIC -pthread -Iinclude $(BLAS_CFLAGS) -c $< -o $@

# cusparseSpMV's common loop (spmv.c) at -O3, its x[ind[e]] loads as vector gathers: GCC's
# generic tuning leaves gathers out (on CPUs where microcode made them slow), which cost this
# loop a third of its speed where they are fast (make bench, section 16)
SPMV_GATHERS := $(shell $(CC) -mtune-ctrl=use_gather_2parts,use_gather_4parts,use_gather -E -x c /dev/null \
                  >/dev/null 2>&1 && echo -mtune-ctrl=use_gather_2parts,use_gather_4parts,use_gather)
build/libraries/cusparse/spmv.o: PROJ_CFLAGS += -O3 $(SPMV_GATHERS)

lib64/libcublas.a: $(CUBLAS_SRC:%.c=build/%.o)
	@mkdir -p lib64
	rm -f $@ && ar rcs $@ $^

lib64/libcublas.so:
	@mkdir -p lib64
	printf '%s\n' '/* GNU ld script (cu2c): cuBLAS is libcublas.a, beside this file, on OpenBLAS */' \
	  'GROUP ( libcublas.a -lopenblas )' > $@

lib64/libcublasLt.a: $(CUBLASLT_SRC:%.c=build/%.o)
	@mkdir -p lib64
	rm -f $@ && ar rcs $@ $^

lib64/libcublasLt.so:
	@mkdir -p lib64
	printf '%s\n' '/* GNU ld script (cu2c): cuBLASLt is libcublasLt.a, on libcublas.a and OpenBLAS */' \
	  'GROUP ( libcublasLt.a libcublas.a -lopenblas )' > $@

lib64/libcusolver.a: $(CUSOLVER_SRC:%.c=build/%.o)
	@mkdir -p lib64
	rm -f $@ && ar rcs $@ $^

lib64/libcusolver.so:
	@mkdir -p lib64
	printf '%s\n' '/* GNU ld script (cu2c): cuSOLVER is libcusolver.a, on libcublas.a and OpenBLAS (LAPACK) */' \
	  'GROUP ( libcusolver.a libcublas.a -lopenblas )' > $@

lib64/libnvidia-ml.a: $(NVML_SRC:%.c=build/%.o)
	@mkdir -p lib64
	rm -f $@ && ar rcs $@ $^

lib64/libnvidia-ml.so:
	@mkdir -p lib64
	printf '%s\n' '/* GNU ld script (cu2c): NVML is libnvidia-ml.a, beside this file */' \
	  'GROUP ( libnvidia-ml.a )' > $@

lib64/libcusparse.a: $(CUSPARSE_SRC:%.c=build/%.o)
	@mkdir -p lib64
	rm -f $@ && ar rcs $@ $^

lib64/libcurand.a: $(CURAND_SRC:%.c=build/%.o)
	@mkdir -p lib64
	rm -f $@ && ar rcs $@ $^

lib64/libcurand_static.a: lib64/libcurand.a
	cp $< $@

lib64/libcudadevrt.a lib64/libnvToolsExt.a:
	@mkdir -p lib64
	rm -f $@ && ar rc $@

# cuFFT (CUFFT_SRC above)
lib64/libcufft.a: $(CUFFT_SRC:%.c=build/%.o)
	@mkdir -p lib64
	rm -f $@ && ar rcs $@ $^


lib64/libculibos.a:
	@mkdir -p lib64
	rm -f $@ && ar rc $@

lib64/libcufft.so lib64/libcufft_static.a: Makefile
	@mkdir -p lib64
	echo "/* cu2c's cuFFT: the archive and the FFTW it runs on */ INPUT(libcufft.a $(CUFFT_DEPS))" > $@

lib64/libcufftw.so lib64/libcufftw_static.a: Makefile
	@mkdir -p lib64
	echo "/* cu2c's cuFFTW: FFTW */ INPUT($(CUFFT_DEPS))" > $@

# NCCL (NCCL_SRC above); its reductions' element loops at -O3 (vectorised)
build/libraries/nccl/reduce.o: PROJ_CFLAGS += -O3

lib64/libnccl.a: $(NCCL_SRC:%.c=build/%.o)
	@mkdir -p lib64
	rm -f $@ && ar rcs $@ $^

lib64/libnccl.so lib64/libnccl_static.a: Makefile
	@mkdir -p lib64
	echo "/* cu2c's NCCL: the archive, on shared memory */ INPUT(libnccl.a -lrt)" > $@

build/translator/frontend/%.o: translator/frontend/%.c translator/frontend/fe.h translator/*.h
	@mkdir -p $(dir $@)
	$(CC) $(PROJ_CFLAGS) -I$(LLVM_INC) -c $< -o $@

build/translator/%.o: translator/%.c translator/*.h
	@mkdir -p $(dir $@)
	$(CC) $(PROJ_CFLAGS) -c $< -o $@

build/passes/%.o: passes/%.c passes/*.h translator/*.h
	@mkdir -p $(dir $@)
	$(CC) $(PROJ_CFLAGS) -Itranslator -c $< -o $@

build/tools/cu2cc/%.o: tools/cu2cc/%.c tools/cu2cc/cu2cc.h
	@mkdir -p $(dir $@)
	$(CC) $(PROJ_CFLAGS) -c $< -o $@

# -fPIC: cu2cc -shared links libcu2c into shared libraries
build/runtime/%.o: runtime/%.c runtime/*.h $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(PROJ_CFLAGS) -fPIC -pthread -Iinclude -c $< -o $@

build/san-%/runtime.stamp: $(RUNTIME_SRC) runtime/*.h $(HEADERS)
	@mkdir -p $(dir $@)
	for f in $(RUNTIME_SRC); do \
	  $(CC) $(PROJ_CFLAGS) -O1 -fno-omit-frame-pointer -fsanitize=$* -pthread -Iinclude \
	    -c $$f -o $(dir $@)$$(basename $$f .c).o || exit 1; done
	touch $@

lib/libcu2c-%.a: build/san-%/runtime.stamp
	@mkdir -p lib
	rm -f $@ && ar rcs $@ $(patsubst runtime/%.c,build/san-$*/%.o,$(RUNTIME_SRC))

# What a failed test printed, from a run's lit -v log (CI shows only the make's output)
FAILED_TESTS = sed -n '/^\*\+ TEST .* FAILED \*\+$$/,/^\*\{20\}$$/p'

# The runtime tests (tests/runtime) under ThreadSanitizer, then AddressSanitizer (with
# LeakSanitizer): any report fails the test.
check-sanitize: all $(SANITIZERS:%=lib/libcu2c-%.a)
	for san in $(SANITIZERS); do \
	  CU2C_TEST_SANITIZE=$$san $(PYTHON) tools/run_tests.py --filter ' runtime/' \
	    > build/$$san-tests.log; status=$$?; \
	  tail -1 build/$$san-tests.log | sed "s/^/$$san: /"; \
	  if [ $$status != 0 ]; then $(FAILED_TESTS) build/$$san-tests.log; exit 1; fi; done

# Every run test built and run with CU2C_CHECK=race: all must pass and the race checker must
# report nothing (they are race-free; those with planted races, race_check_*.cu and
# thread_order_*.cu, stand aside).
check-race: all
	rm -f build/race.log
	CU2C_CHECK=race CU2C_CHECK_LOG=$(CURDIR)/build/race.log $(PYTHON) tools/run_tests.py --filter ' run/' \
	  --filter-out 'race_check_|thread_order_' > build/race-tests.log; status=$$?; \
	  tail -1 build/race-tests.log | sed 's/^/race: /'; \
	  if [ $$status != 0 ]; then $(FAILED_TESTS) build/race-tests.log; exit 1; fi
	@if [ -s build/race.log ]; then echo "race: the race checker reported races in race-free tests:"; \
	  cat build/race.log; exit 1; fi; echo "race: no race reported"

# Every run test built with CU2C_ENGINE=fibers (every kernel the fiber engine takes runs on
# it): the results must be the thread-loop engine's. Those pinning the thread-loop engine's
# own behaviour stand aside: race checking, thread orders, its run-time checks of barriers and
# masks where threads disagree (fibers run what the GPU runs there, lanes that left a warp
# function's mask by exiting included), its lanes reconverging after a loop for __activemask() (fibers
# do not model reconvergence).
FIBER_ASIDE = race_check_|thread_order_|barrier_divergent_at_run_time_located_error|warp_partial_if_mask_names_inactive_lane|warp_uniform_if_tid_lt_32_reduction|warp_loops_lanes_iterate_apart
check-fibers: all
	CU2C_ENGINE=fibers $(PYTHON) tools/run_tests.py --filter ' run/' \
	  --filter-out '$(FIBER_ASIDE)' > build/fiber-tests.log; status=$$?; \
	  tail -1 build/fiber-tests.log | sed 's/^/fibers: /'; \
	  if [ $$status != 0 ]; then $(FAILED_TESTS) build/fiber-tests.log; exit 1; fi

# cu2c's CUDA headers, embedded in the translator: parsing needs no files on disk.
build/embedded_headers.c: tools/embed_headers.py $(HEADERS)
	@mkdir -p build
	$(PYTHON) tools/embed_headers.py include $(HEADERS) > $@

build/embedded_headers.o: build/embedded_headers.c
	$(CC) -std=c11 -O0 -c $< -o $@

check: all
	$(PYTHON) tools/run_tests.py

bench: all
	$(PYTHON) benchmarks/run.py

# The installed tree is shaped like a CUDA toolkit, so that CUDA_PATH=PREFIX, -I$(CUDA_PATH)/include,
# -L$(CUDA_PATH)/lib64 -lcudart and CMake's searches work unchanged: bin/nvcc (cu2cc, which
# finds everything relative to itself), include/ (cu2c's CUDA headers), lib64/libcudart.a and
# libcudart_static.a (libcu2c), an empty libcudadevrt.a, version.json and version.txt; and
# cu2c's own names: lib/libcu2c.a, lib/pkgconfig/cu2c.pc (and cudart-M.m.pc as CUDA has),
# lib/cmake/cu2c (find_package(cu2c) gives cu2c::runtime). Templates: toolkit/.
VERSION     := $(shell sed -n 's/.*"cu2c \([0-9][0-9.]*\) .*/\1/p' translator/main.c)
CUDART      := $(shell sed -n 's/^\#define CUDART_VERSION \([0-9]*\).*/\1/p' include/cuda_runtime_api.h)
CUDA_MM     = $(shell echo $$(($(CUDART) / 1000)).$$(($(CUDART) % 1000 / 10)))
DEST        = $(DESTDIR)$(PREFIX)
SUBST       = sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' \
                  -e 's|@CUDA_MM@|$(CUDA_MM)|g' -e 's|@CUDA_VERSION@|$(CUDA_MM).0|g'
INSTALLED   = bin/cu2c bin/cu2cc lib/libcu2c.a lib/libcu2c-address.a lib/libcu2c-race.a $(CUDA_LIBS) \
              version.json version.txt lib/pkgconfig/cu2c.pc \
              lib/pkgconfig/cudart-$(CUDA_MM).pc lib/cmake/cu2c/cu2cConfig.cmake \
              lib/cmake/cu2c/cu2cConfigVersion.cmake $(PCH) $(PCH:%=%.txt) $(HEADERS)

install: all
	@if [ -e $(DEST)/bin/nvcc ] && [ "$$(readlink $(DEST)/bin/nvcc)" != cu2cc ]; then \
	  echo "make install: $(DEST)/bin/nvcc is not cu2c's: not installing over it" >&2; exit 1; fi
	install -d $(DEST)/bin $(DEST)/lib/pkgconfig $(DEST)/lib/cmake/cu2c $(DEST)/lib64 $(DEST)/include
	install -m 755 bin/cu2c bin/cu2cc $(DEST)/bin
	ln -sfn cu2cc $(DEST)/bin/nvcc
	cd include && for h in $(HEADERS:include/%=%); do \
	  install -D -m 644 $$h $(DEST)/include/$$h || exit 1; done
	install -m 644 lib/libcu2c.a lib/libcu2c-address.a lib/libcu2c-race.a $(DEST)/lib
	install -d $(DEST)/lib/cu2c
	for f in $(PCH); do install -m 644 $$f $$f.txt $(DEST)/lib/cu2c || exit 1; done
	install -m 644 $(CUDA_LIBS) $(DEST)/lib64
	$(SUBST) toolkit/version.json.in > $(DEST)/version.json
	echo "CUDA Version $(CUDA_MM).0 (cu2c $(VERSION))" > $(DEST)/version.txt
	$(SUBST) toolkit/cu2c.pc.in > $(DEST)/lib/pkgconfig/cu2c.pc
	$(SUBST) toolkit/cudart.pc.in > $(DEST)/lib/pkgconfig/cudart-$(CUDA_MM).pc
	$(SUBST) toolkit/cu2cConfig.cmake.in > $(DEST)/lib/cmake/cu2c/cu2cConfig.cmake
	$(SUBST) toolkit/cu2cConfigVersion.cmake.in > $(DEST)/lib/cmake/cu2c/cu2cConfigVersion.cmake

# What install wrote (bin/nvcc only where it is cu2c's), then the folders left empty.
uninstall:
	if [ "$$(readlink $(DEST)/bin/nvcc)" = cu2cc ]; then rm -f $(DEST)/bin/nvcc; fi
	rm -f $(addprefix $(DEST)/,$(INSTALLED))
	if cd $(DEST) 2>/dev/null; then \
	  rmdir -p --ignore-fail-on-non-empty $(filter-out ./,$(sort $(dir $(INSTALLED)))) && rmdir $(DEST) 2>/dev/null; true; fi

clean:
	rm -rf build bin lib lib64 tests/*/Output

.PHONY: all check check-sanitize check-race check-fibers bench install uninstall clean
.SECONDARY:

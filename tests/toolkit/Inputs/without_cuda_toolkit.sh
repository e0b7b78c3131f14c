#!/bin/sh
# Runs a command where no CUDA toolkit is visible, as on a CI machine without one: in a
# private mount namespace every /usr/local/cuda* directory is covered by an empty one, and
# PATH keeps no directory holding an nvcc. Where mount namespaces are not allowed (a
# container without the capability), only PATH is cleaned, and a note on stderr says so.
if [ -z "${CU2C_NO_TOOLKIT:-}" ]; then
    if unshare -m true 2> /dev/null; then
        exec unshare -m env CU2C_NO_TOOLKIT=mounts "$0" "$@"
    fi
    echo "without_cuda_toolkit: no mount namespace here: /usr/local/cuda* stays, PATH is cleaned" >&2
    CU2C_NO_TOOLKIT=path
fi
if [ "$CU2C_NO_TOOLKIT" = mounts ]; then
    for d in /usr/local/cuda*; do
        if [ -d "$d" ] && [ ! -L "$d" ]; then
            mount -t tmpfs none "$d" || exit 1
        fi
    done
fi
path=
old_ifs=$IFS
IFS=:
for p in $PATH; do
    [ -e "$p/nvcc" ] || path="${path:+$path:}$p"
done
IFS=$old_ifs
PATH=$path
export PATH
unset CUDA_PATH CUDA_HOME CUDAToolkit_ROOT CUDACXX
if command -v nvcc > /dev/null; then
    echo "without_cuda_toolkit: an nvcc is still on PATH" >&2
    exit 1
fi
if [ "$CU2C_NO_TOOLKIT" = mounts ] && [ -e /usr/local/cuda/include/cuda_runtime.h ]; then
    echo "without_cuda_toolkit: /usr/local/cuda is still visible" >&2
    exit 1
fi
exec "$@"

/* runtime/peer.c - devices using each other's memory: peer access and peer copies.
 *
 * Every device's memory is the process's memory, so any device may read any other's, and a
 * peer copy is a copy. What CUDA adds is bookkeeping programs check: whether device d has
 * enabled access to peer p (cudaDeviceEnablePeerAccess, with its errors for a mapping made
 * twice or never made), and that cudaMemcpyPeer is ordered after the work of both devices. */
#include "internal.h"

/* rt_peer[d][p]: device d's kernels have access to p's memory (cudaDeviceEnablePeerAccess
 * called with d current). */
static atomic_bool rt_peer[RT_MAX_DEVICES][RT_MAX_DEVICES];

void rt_peer_reset(int d)
{
    for (int p = 0; p < RT_MAX_DEVICES; p++) {
        atomic_store(&rt_peer[d][p], 0);
        atomic_store(&rt_peer[p][d], 0);
    }
}

/* Two distinct devices can: a device is not its own peer. */
cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice)
{
    if (!canAccessPeer)
        return rt_error(cudaErrorInvalidValue);
    if (!rt_valid_device(device) || !rt_valid_device(peerDevice))
        return rt_error(cudaErrorInvalidDevice);
    *canAccessPeer = device != peerDevice;
    return cudaSuccess;
}

cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags)
{
    int d = rt_current_device();
    if (flags != 0)
        return rt_error(cudaErrorInvalidValue);
    if (!rt_valid_device(peerDevice) || peerDevice == d)
        return rt_error(cudaErrorInvalidDevice);
    if (atomic_exchange(&rt_peer[d][peerDevice], 1))
        return rt_error(cudaErrorPeerAccessAlreadyEnabled);
    return cudaSuccess;
}

cudaError_t cudaDeviceDisablePeerAccess(int peerDevice)
{
    int d = rt_current_device();
    if (!rt_valid_device(peerDevice) || peerDevice == d)
        return rt_error(cudaErrorInvalidDevice);
    if (!atomic_exchange(&rt_peer[d][peerDevice], 0))
        return rt_error(cudaErrorPeerAccessNotEnabled);
    return cudaSuccess;
}

/* cudaMemcpyPeer and cudaMemcpy3DPeer wait for the work queued on both devices, then copy
 * in the current device's legacy stream order (CUDA: "serialized with respect to all
 * pending and future asynchronous work in to the current device, srcDevice, and
 * dstDevice"). */
static cudaError_t rt_peer_order(int dstDevice, int srcDevice)
{
    if (!rt_valid_device(dstDevice) || !rt_valid_device(srcDevice))
        return cudaErrorInvalidDevice;
    cudaError_t e = rt_sync_device(srcDevice);
    if (e == cudaSuccess && dstDevice != srcDevice)
        e = rt_sync_device(dstDevice);
    return e;
}

cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count)
{
    cudaError_t e = rt_peer_order(dstDevice, srcDevice);
    if (e != cudaSuccess)
        return rt_error(e);
    return rt_memcpy(dst, src, count, cudaMemcpyDefault, 0, 0);
}

cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice,
                                size_t count, cudaStream_t stream)
{
    if (!rt_valid_device(dstDevice) || !rt_valid_device(srcDevice))
        return rt_error(cudaErrorInvalidDevice);
    return rt_memcpy(dst, src, count, cudaMemcpyDefault, stream, 1);
}

static struct cudaMemcpy3DParms rt_peer_parms(const struct cudaMemcpy3DPeerParms *p)
{
    struct cudaMemcpy3DParms q = {
        .srcArray = p->srcArray, .srcPos = p->srcPos, .srcPtr = p->srcPtr,
        .dstArray = p->dstArray, .dstPos = p->dstPos, .dstPtr = p->dstPtr,
        .extent = p->extent, .kind = cudaMemcpyDefault,
    };
    return q;
}

cudaError_t cudaMemcpy3DPeer(const struct cudaMemcpy3DPeerParms *p)
{
    if (!p)
        return rt_error(cudaErrorInvalidValue);
    cudaError_t e = rt_peer_order(p->dstDevice, p->srcDevice);
    if (e != cudaSuccess)
        return rt_error(e);
    struct cudaMemcpy3DParms q = rt_peer_parms(p);
    return cudaMemcpy3D(&q);
}

cudaError_t cudaMemcpy3DPeerAsync(const struct cudaMemcpy3DPeerParms *p, cudaStream_t stream)
{
    if (!p)
        return rt_error(cudaErrorInvalidValue);
    if (!rt_valid_device(p->dstDevice) || !rt_valid_device(p->srcDevice))
        return rt_error(cudaErrorInvalidDevice);
    struct cudaMemcpy3DParms q = rt_peer_parms(p);
    return cudaMemcpy3DAsync(&q, stream);
}

/* nvtx3/nvToolsExt.h - NVTX, the NVIDIA Tools Extension: the calls programs make to mark
 * events and name ranges, threads and categories for a profiler (Nsight Systems). No
 * profiler attaches to a cu2c program, so each call behaves as NVTX does with no tool
 * attached: it does nothing, and returns what NVTX returns then (push/pop:
 * NVTX_NO_PUSH_POP_TRACKING; range ids, domain and string handles: 0). The types and
 * signatures are NVTX version 3's, from its documentation; header-only, so -lnvToolsExt
 * links nothing (cu2cc accepts it, lib64/libnvToolsExt.a is empty). */
#ifndef CU2C_NVTOOLSEXT_H
#define CU2C_NVTOOLSEXT_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#include <stddef.h>
#include <stdint.h>

#ifndef NVTX_VERSION
#define NVTX_VERSION 3
#endif
/* push/pop's answer with no tool attached to keep count of the nesting */
#define NVTX_NO_PUSH_POP_TRACKING ((int)-2)

typedef uint64_t nvtxRangeId_t;
typedef struct nvtxDomainRegistration_st *nvtxDomainHandle_t;
typedef struct nvtxStringRegistration_st *nvtxStringHandle_t;
typedef struct nvtxResourceHandle *nvtxResourceHandle_t;

typedef enum nvtxColorType_t {
    NVTX_COLOR_UNKNOWN = 0, /* no color */
    NVTX_COLOR_ARGB = 1     /* color is an ARGB value */
} nvtxColorType_t;

typedef enum nvtxMessageType_t {
    NVTX_MESSAGE_UNKNOWN = 0,         /* no message */
    NVTX_MESSAGE_TYPE_ASCII = 1,      /* message.ascii */
    NVTX_MESSAGE_TYPE_UNICODE = 2,    /* message.unicode */
    NVTX_MESSAGE_TYPE_REGISTERED = 3  /* message.registered (nvtxDomainRegisterString) */
} nvtxMessageType_t;

typedef enum nvtxPayloadType_t {
    NVTX_PAYLOAD_UNKNOWN = 0,
    NVTX_PAYLOAD_TYPE_UNSIGNED_INT64 = 1,
    NVTX_PAYLOAD_TYPE_INT64 = 2,
    NVTX_PAYLOAD_TYPE_DOUBLE = 3,
    NVTX_PAYLOAD_TYPE_UNSIGNED_INT32 = 4,
    NVTX_PAYLOAD_TYPE_INT32 = 5,
    NVTX_PAYLOAD_TYPE_FLOAT = 6
} nvtxPayloadType_t;

typedef union nvtxMessageValue_t {
    const char *ascii;
    const wchar_t *unicode;
    nvtxStringHandle_t registered;
} nvtxMessageValue_t;

/* An event's attributes (the Ex calls): set version and size, then what applies. */
typedef struct nvtxEventAttributes_v2 {
    uint16_t version;       /* NVTX_VERSION */
    uint16_t size;          /* NVTX_EVENT_ATTRIB_STRUCT_SIZE */
    uint32_t category;      /* user category, 0 for none */
    int32_t colorType;      /* nvtxColorType_t */
    uint32_t color;
    int32_t payloadType;    /* nvtxPayloadType_t */
    int32_t reserved0;
    union payload_t {
        uint64_t ullValue;
        int64_t llValue;
        double dValue;
        uint32_t uiValue;
        int32_t iValue;
        float fValue;
    } payload;
    int32_t messageType;    /* nvtxMessageType_t */
    nvtxMessageValue_t message;
} nvtxEventAttributes_v2;
typedef struct nvtxEventAttributes_v2 nvtxEventAttributes_t;
#define NVTX_EVENT_ATTRIB_STRUCT_SIZE ((uint16_t)(sizeof(nvtxEventAttributes_t)))

/* Resources named in a domain (nvtxDomainResourceCreate). */
#define NVTX_RESOURCE_MAKE_TYPE(CLASS, INDEX) ((((uint32_t)(NVTX_RESOURCE_CLASS_##CLASS)) << 16) | ((uint32_t)(INDEX)))
#define NVTX_RESOURCE_CLASS_GENERIC 1
typedef enum nvtxResourceGenericType_t {
    NVTX_RESOURCE_TYPE_UNKNOWN = 0,
    NVTX_RESOURCE_TYPE_GENERIC_POINTER = NVTX_RESOURCE_MAKE_TYPE(GENERIC, 1),
    NVTX_RESOURCE_TYPE_GENERIC_HANDLE = NVTX_RESOURCE_MAKE_TYPE(GENERIC, 2),
    NVTX_RESOURCE_TYPE_GENERIC_THREAD_NATIVE = NVTX_RESOURCE_MAKE_TYPE(GENERIC, 3),
    NVTX_RESOURCE_TYPE_GENERIC_THREAD_POSIX = NVTX_RESOURCE_MAKE_TYPE(GENERIC, 4)
} nvtxResourceGenericType_t;

typedef struct nvtxResourceAttributes_v0 {
    uint16_t version;       /* NVTX_VERSION */
    uint16_t size;          /* NVTX_RESOURCE_ATTRIB_STRUCT_SIZE */
    int32_t identifierType; /* a NVTX_RESOURCE_TYPE_* */
    union identifier_t {
        const void *pValue;
        uint64_t ullValue;
    } identifier;
    int32_t messageType;    /* nvtxMessageType_t */
    nvtxMessageValue_t message;
} nvtxResourceAttributes_v0;
typedef struct nvtxResourceAttributes_v0 nvtxResourceAttributes_t;
#define NVTX_RESOURCE_ATTRIB_STRUCT_SIZE ((uint16_t)(sizeof(nvtxResourceAttributes_v0)))

/* ---- Calls: nothing to tell, no tool listening ------------------------------------------ */

static inline void nvtxInitialize(const void *reserved) { (void)reserved; }

static inline void nvtxMarkEx(const nvtxEventAttributes_t *eventAttrib) { (void)eventAttrib; }
static inline void nvtxMarkA(const char *message) { (void)message; }
static inline void nvtxMarkW(const wchar_t *message) { (void)message; }

static inline nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t *eventAttrib) { (void)eventAttrib; return 0; }
static inline nvtxRangeId_t nvtxRangeStartA(const char *message) { (void)message; return 0; }
static inline nvtxRangeId_t nvtxRangeStartW(const wchar_t *message) { (void)message; return 0; }
static inline void nvtxRangeEnd(nvtxRangeId_t id) { (void)id; }

static inline int nvtxRangePushEx(const nvtxEventAttributes_t *eventAttrib) { (void)eventAttrib; return NVTX_NO_PUSH_POP_TRACKING; }
static inline int nvtxRangePushA(const char *message) { (void)message; return NVTX_NO_PUSH_POP_TRACKING; }
static inline int nvtxRangePushW(const wchar_t *message) { (void)message; return NVTX_NO_PUSH_POP_TRACKING; }
static inline int nvtxRangePop(void) { return NVTX_NO_PUSH_POP_TRACKING; }

static inline void nvtxNameCategoryA(uint32_t category, const char *name) { (void)category; (void)name; }
static inline void nvtxNameCategoryW(uint32_t category, const wchar_t *name) { (void)category; (void)name; }
static inline void nvtxNameOsThreadA(uint32_t threadId, const char *name) { (void)threadId; (void)name; }
static inline void nvtxNameOsThreadW(uint32_t threadId, const wchar_t *name) { (void)threadId; (void)name; }

static inline nvtxDomainHandle_t nvtxDomainCreateA(const char *name) { (void)name; return 0; }
static inline nvtxDomainHandle_t nvtxDomainCreateW(const wchar_t *name) { (void)name; return 0; }
static inline void nvtxDomainDestroy(nvtxDomainHandle_t domain) { (void)domain; }
static inline nvtxStringHandle_t nvtxDomainRegisterStringA(nvtxDomainHandle_t domain, const char *string)
{ (void)domain; (void)string; return 0; }
static inline nvtxStringHandle_t nvtxDomainRegisterStringW(nvtxDomainHandle_t domain, const wchar_t *string)
{ (void)domain; (void)string; return 0; }
static inline void nvtxDomainNameCategoryA(nvtxDomainHandle_t domain, uint32_t category, const char *name)
{ (void)domain; (void)category; (void)name; }
static inline void nvtxDomainNameCategoryW(nvtxDomainHandle_t domain, uint32_t category, const wchar_t *name)
{ (void)domain; (void)category; (void)name; }
static inline void nvtxDomainMarkEx(nvtxDomainHandle_t domain, const nvtxEventAttributes_t *eventAttrib)
{ (void)domain; (void)eventAttrib; }
static inline nvtxRangeId_t nvtxDomainRangeStartEx(nvtxDomainHandle_t domain, const nvtxEventAttributes_t *eventAttrib)
{ (void)domain; (void)eventAttrib; return 0; }
static inline void nvtxDomainRangeEnd(nvtxDomainHandle_t domain, nvtxRangeId_t id) { (void)domain; (void)id; }
static inline int nvtxDomainRangePushEx(nvtxDomainHandle_t domain, const nvtxEventAttributes_t *eventAttrib)
{ (void)domain; (void)eventAttrib; return NVTX_NO_PUSH_POP_TRACKING; }
static inline int nvtxDomainRangePop(nvtxDomainHandle_t domain) { (void)domain; return NVTX_NO_PUSH_POP_TRACKING; }
static inline nvtxResourceHandle_t nvtxDomainResourceCreate(nvtxDomainHandle_t domain, nvtxResourceAttributes_t *attribs)
{ (void)domain; (void)attribs; return 0; }
static inline void nvtxDomainResourceDestroy(nvtxResourceHandle_t resource) { (void)resource; }

/* The character type of the unsuffixed names, as NVTX chooses it */
#ifdef UNICODE
#define nvtxMark nvtxMarkW
#define nvtxRangeStart nvtxRangeStartW
#define nvtxRangePush nvtxRangePushW
#define nvtxNameCategory nvtxNameCategoryW
#define nvtxNameOsThread nvtxNameOsThreadW
#define nvtxDomainCreate nvtxDomainCreateW
#define nvtxDomainRegisterString nvtxDomainRegisterStringW
#define nvtxDomainNameCategory nvtxDomainNameCategoryW
#else
#define nvtxMark nvtxMarkA
#define nvtxRangeStart nvtxRangeStartA
#define nvtxRangePush nvtxRangePushA
#define nvtxNameCategory nvtxNameCategoryA
#define nvtxNameOsThread nvtxNameOsThreadA
#define nvtxDomainCreate nvtxDomainCreateA
#define nvtxDomainRegisterString nvtxDomainRegisterStringA
#define nvtxDomainNameCategory nvtxDomainNameCategoryA
#endif

#endif

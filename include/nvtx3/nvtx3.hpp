/* nvtx3/nvtx3.hpp - NVTX's C++ wrappers (nvtx3::scoped_range, NVTX3_FUNC_RANGE(), mark,
 * domains, event attributes...) over nvtx3/nvToolsExt.h, written from the NVTX C++ API
 * reference. As with the C API, no profiler attaches to a cu2c program: ranges and marks
 * call the C functions, which do nothing; the attribute objects keep their values (get_value,
 * get_id, get()), so code that reads them back sees what it set. Not provided: NVTX's
 * payload-schema, counter and scope extensions (the mv2 additions). */
#ifndef CU2C_NVTX3_HPP
#define CU2C_NVTX3_HPP
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#ifndef __cplusplus
#error "nvtx3.hpp is C++"
#endif

#include "nvToolsExt.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>

namespace nvtx3 {
inline namespace v1 {

class domain {
public:
    struct global {};   /* the global domain's tag */
    /* The domain named D::name (D::name a C string), created once. */
    template <typename D = global>
    static domain const &get() noexcept {
        static domain const d(D::name);
        return d;
    }
    operator nvtxDomainHandle_t() const noexcept { return handle_; }
    domain(domain const &) = delete;
    domain &operator=(domain const &) = delete;

private:
    explicit domain(char const *name) noexcept : handle_(nvtxDomainCreateA(name)) {}
    explicit domain(wchar_t const *name) noexcept : handle_(nvtxDomainCreateW(name)) {}
    domain() noexcept : handle_(nullptr) {}
    nvtxDomainHandle_t handle_;
};
template <>
inline domain const &domain::get<domain::global>() noexcept {
    static domain const d;
    return d;
}

struct rgb {
    using component_type = uint8_t;
    constexpr rgb(component_type red_, component_type green_, component_type blue_) noexcept
        : red(red_), green(green_), blue(blue_) {}
    component_type red, green, blue;
};
struct argb final : rgb {
    constexpr argb(component_type alpha_, component_type red_, component_type green_, component_type blue_) noexcept
        : rgb(red_, green_, blue_), alpha(alpha_) {}
    component_type alpha;
};

class color {
public:
    using value_type = uint32_t;
    constexpr explicit color(value_type hex_code) noexcept : value_(hex_code) {}
    constexpr color(argb c) noexcept
        : value_((value_type)c.alpha << 24 | (value_type)c.red << 16 | (value_type)c.green << 8 | c.blue) {}
    constexpr color(rgb c) noexcept : value_(0xffu << 24 | (value_type)c.red << 16 | (value_type)c.green << 8 | c.blue) {}
    constexpr value_type get_value() const noexcept { return value_; }
    constexpr nvtxColorType_t get_type() const noexcept { return NVTX_COLOR_ARGB; }

private:
    value_type value_;
};

class category {
public:
    using id_type = uint32_t;
    constexpr explicit category(id_type id) noexcept : id_(id) {}
    constexpr id_type get_id() const noexcept { return id_; }

private:
    id_type id_;
};

/* A category with a name: C::id and C::name, registered once. */
template <typename D = domain::global>
class named_category_in final : public category {
public:
    template <typename C>
    static named_category_in const &get() noexcept {
        static named_category_in const c(C::id, C::name);
        return c;
    }
    named_category_in(id_type id, char const *name) noexcept : category(id) {
        nvtxDomainNameCategoryA(domain::get<D>(), id, name);
    }
    named_category_in(id_type id, wchar_t const *name) noexcept : category(id) {
        nvtxDomainNameCategoryW(domain::get<D>(), id, name);
    }
};
using named_category = named_category_in<domain::global>;

/* A message registered once in domain D (M::message). */
template <typename D = domain::global>
class registered_string_in {
public:
    template <typename M>
    static registered_string_in const &get() noexcept {
        static registered_string_in const s(M::message);
        return s;
    }
    explicit registered_string_in(char const *msg) noexcept : handle_(nvtxDomainRegisterStringA(domain::get<D>(), msg)) {}
    explicit registered_string_in(std::string const &msg) noexcept : registered_string_in(msg.c_str()) {}
    explicit registered_string_in(wchar_t const *msg) noexcept : handle_(nvtxDomainRegisterStringW(domain::get<D>(), msg)) {}
    explicit registered_string_in(std::wstring const &msg) noexcept : registered_string_in(msg.c_str()) {}
    nvtxStringHandle_t get_handle() const noexcept { return handle_; }
    registered_string_in(registered_string_in const &) = default;
    registered_string_in &operator=(registered_string_in const &) = default;

private:
    nvtxStringHandle_t handle_;
};
using registered_string = registered_string_in<domain::global>;

class message {
public:
    using value_type = nvtxMessageValue_t;
    message(char const *msg) noexcept : type_(NVTX_MESSAGE_TYPE_ASCII) { value_.ascii = msg; }
    message(std::string const &msg) noexcept : message(msg.c_str()) {}
    message(std::string &&) = delete;   /* a temporary's text would not outlive the message */
    message(wchar_t const *msg) noexcept : type_(NVTX_MESSAGE_TYPE_UNICODE) { value_.unicode = msg; }
    message(std::wstring const &msg) noexcept : message(msg.c_str()) {}
    message(std::wstring &&) = delete;
    template <typename D>
    message(registered_string_in<D> const &msg) noexcept : type_(NVTX_MESSAGE_TYPE_REGISTERED) {
        value_.registered = msg.get_handle();
    }
    message(nvtxMessageType_t const &type, nvtxMessageValue_t const &value) noexcept : value_(value), type_(type) {}
    message(nvtxStringHandle_t handle) noexcept : type_(NVTX_MESSAGE_TYPE_REGISTERED) { value_.registered = handle; }
    value_type get_value() const noexcept { return value_; }
    nvtxMessageType_t get_type() const noexcept { return type_; }

private:
    value_type value_;
    nvtxMessageType_t type_;
};

class payload {
public:
    using value_type = nvtxEventAttributes_t::payload_t;
    explicit payload(int64_t v) noexcept : type_(NVTX_PAYLOAD_TYPE_INT64) { value_.llValue = v; }
    explicit payload(int32_t v) noexcept : type_(NVTX_PAYLOAD_TYPE_INT32) { value_.iValue = v; }
    explicit payload(uint64_t v) noexcept : type_(NVTX_PAYLOAD_TYPE_UNSIGNED_INT64) { value_.ullValue = v; }
    explicit payload(uint32_t v) noexcept : type_(NVTX_PAYLOAD_TYPE_UNSIGNED_INT32) { value_.uiValue = v; }
    explicit payload(float v) noexcept : type_(NVTX_PAYLOAD_TYPE_FLOAT) { value_.fValue = v; }
    explicit payload(double v) noexcept : type_(NVTX_PAYLOAD_TYPE_DOUBLE) { value_.dValue = v; }
    payload(nvtxPayloadType_t const &type, value_type const &value) noexcept : value_(value), type_(type) {}
    value_type get_value() const noexcept { return value_; }
    nvtxPayloadType_t get_type() const noexcept { return type_; }

private:
    value_type value_;
    nvtxPayloadType_t type_;
};

/* An event's attributes, from any of category, color, payload and message in any order (the
 * first of each kind counts, as NVTX's reference describes). */
class event_attributes {
public:
    using value_type = nvtxEventAttributes_t;
    event_attributes() noexcept {
        std::memset(&attributes_, 0, sizeof attributes_);
        attributes_.version = NVTX_VERSION;
        attributes_.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
    }
    template <typename... Args>
    explicit event_attributes(category const &c, Args const &...args) noexcept : event_attributes(args...) {
        attributes_.category = c.get_id();
    }
    template <typename... Args>
    explicit event_attributes(color const &c, Args const &...args) noexcept : event_attributes(args...) {
        attributes_.color = c.get_value();
        attributes_.colorType = c.get_type();
    }
    template <typename... Args>
    explicit event_attributes(payload const &p, Args const &...args) noexcept : event_attributes(args...) {
        attributes_.payload = p.get_value();
        attributes_.payloadType = p.get_type();
    }
    template <typename... Args>
    explicit event_attributes(message const &m, Args const &...args) noexcept : event_attributes(args...) {
        attributes_.message = m.get_value();
        attributes_.messageType = m.get_type();
    }
    explicit event_attributes(nvtxEventAttributes_t const &a) noexcept : attributes_(a) {}
    event_attributes(event_attributes const &) = default;
    event_attributes &operator=(event_attributes const &) = default;
    value_type const *get() const noexcept { return &attributes_; }

private:
    value_type attributes_;
};

/* A range of the calling thread for the object's lifetime. */
template <class D = domain::global>
class scoped_range_in {
public:
    explicit scoped_range_in(event_attributes const &attr) noexcept { nvtxDomainRangePushEx(domain::get<D>(), attr.get()); }
    template <typename... Args>
    explicit scoped_range_in(Args const &...args) noexcept : scoped_range_in(event_attributes(args...)) {}
    scoped_range_in() noexcept : scoped_range_in(event_attributes()) {}
    void *operator new(std::size_t) = delete;
    scoped_range_in(scoped_range_in const &) = delete;
    scoped_range_in &operator=(scoped_range_in const &) = delete;
    scoped_range_in(scoped_range_in &&) = delete;
    scoped_range_in &operator=(scoped_range_in &&) = delete;
    ~scoped_range_in() noexcept { nvtxDomainRangePop(domain::get<D>()); }
};
using scoped_range = scoped_range_in<domain::global>;

/* A start/end range's handle. */
class range_handle {
public:
    using value_type = nvtxRangeId_t;
    constexpr explicit range_handle(value_type id) noexcept : id_(id) {}
    constexpr range_handle() noexcept : id_(0) {}
    constexpr range_handle(std::nullptr_t) noexcept : id_(0) {}
    constexpr explicit operator bool() const noexcept { return id_ != 0; }
    constexpr value_type get_value() const noexcept { return id_; }

private:
    value_type id_;
};
inline constexpr bool operator==(range_handle a, range_handle b) noexcept { return a.get_value() == b.get_value(); }
inline constexpr bool operator!=(range_handle a, range_handle b) noexcept { return !(a == b); }

template <typename D = domain::global>
inline range_handle start_range_in(event_attributes const &attr) noexcept {
    return range_handle(nvtxDomainRangeStartEx(domain::get<D>(), attr.get()));
}
template <typename D = domain::global, typename... Args>
inline range_handle start_range_in(Args const &...args) noexcept {
    return start_range_in<D>(event_attributes(args...));
}
inline range_handle start_range(event_attributes const &attr) noexcept { return start_range_in<domain::global>(attr); }
template <typename... Args>
inline range_handle start_range(Args const &...args) noexcept {
    return start_range_in<domain::global>(args...);
}
template <typename D = domain::global>
inline void end_range_in(range_handle r) noexcept { nvtxDomainRangeEnd(domain::get<D>(), r.get_value()); }
inline void end_range(range_handle r) noexcept { end_range_in<domain::global>(r); }

/* A start/end range owned by a movable object. */
template <typename D = domain::global>
class unique_range_in {
public:
    explicit unique_range_in(event_attributes const &attr) noexcept : handle_(start_range_in<D>(attr)) {}
    template <typename... Args>
    explicit unique_range_in(Args const &...args) noexcept : unique_range_in(event_attributes(args...)) {}
    unique_range_in() noexcept : unique_range_in(event_attributes()) {}
    ~unique_range_in() noexcept { end(); }
    unique_range_in(unique_range_in &&o) noexcept : handle_(o.handle_), live_(o.live_) { o.live_ = false; }
    unique_range_in &operator=(unique_range_in &&o) noexcept {
        if (this != &o) {
            end();
            handle_ = o.handle_;
            live_ = o.live_;
            o.live_ = false;
        }
        return *this;
    }
    unique_range_in(unique_range_in const &) = delete;
    unique_range_in &operator=(unique_range_in const &) = delete;

private:
    void end() noexcept {
        if (live_)
            end_range_in<D>(handle_);
        live_ = false;
    }
    range_handle handle_;
    bool live_ = true;
};
using unique_range = unique_range_in<domain::global>;

template <typename D = domain::global>
inline void mark_in(event_attributes const &attr) noexcept { nvtxDomainMarkEx(domain::get<D>(), attr.get()); }
template <typename D = domain::global, typename... Args>
inline void mark_in(Args const &...args) noexcept { mark_in<D>(event_attributes(args...)); }
inline void mark(event_attributes const &attr) noexcept { mark_in<domain::global>(attr); }
template <typename... Args>
inline void mark(Args const &...args) noexcept { mark_in<domain::global>(args...); }

/* NVTX3_FUNC_RANGE_IF's range: there only when its condition holds. */
template <typename D>
class cu2c_conditional_range {
public:
    cu2c_conditional_range(bool on, event_attributes const &attr) noexcept : on_(on) {
        if (on_)
            nvtxDomainRangePushEx(domain::get<D>(), attr.get());
    }
    ~cu2c_conditional_range() noexcept {
        if (on_)
            nvtxDomainRangePop(domain::get<D>());
    }
    cu2c_conditional_range(cu2c_conditional_range const &) = delete;
    cu2c_conditional_range &operator=(cu2c_conditional_range const &) = delete;

private:
    bool on_;
};

} // namespace v1
} // namespace nvtx3

/* A range named after the enclosing function, for the rest of it. */
#define NVTX3_V1_FUNC_RANGE_IN(D)                                                                 \
    static ::nvtx3::v1::registered_string_in<D> const cu2c_nvtx3_func_name{__func__};             \
    static ::nvtx3::v1::event_attributes const cu2c_nvtx3_func_attr{cu2c_nvtx3_func_name};        \
    ::nvtx3::v1::scoped_range_in<D> const cu2c_nvtx3_range{cu2c_nvtx3_func_attr};
#define NVTX3_V1_FUNC_RANGE_IF_IN(D, C)                                                           \
    static ::nvtx3::v1::registered_string_in<D> const cu2c_nvtx3_func_name{__func__};             \
    static ::nvtx3::v1::event_attributes const cu2c_nvtx3_func_attr{cu2c_nvtx3_func_name};        \
    ::nvtx3::v1::cu2c_conditional_range<D> const cu2c_nvtx3_range{(C), cu2c_nvtx3_func_attr};
#define NVTX3_FUNC_RANGE_IN(D) NVTX3_V1_FUNC_RANGE_IN(D)
#define NVTX3_FUNC_RANGE() NVTX3_V1_FUNC_RANGE_IN(::nvtx3::v1::domain::global)
#define NVTX3_FUNC_RANGE_IF_IN(D, C) NVTX3_V1_FUNC_RANGE_IF_IN(D, C)
#define NVTX3_FUNC_RANGE_IF(C) NVTX3_V1_FUNC_RANGE_IF_IN(::nvtx3::v1::domain::global, C)

#endif

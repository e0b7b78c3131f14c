/* cub/iterator/counting_input_iterator.cuh, constant_input_iterator.cuh and
 * transform_input_iterator.cuh - CUB's input iterators made of a value or a function:
 * CountingInputIterator (val, val + 1, ...), ConstantInputIterator (val forever),
 * TransformInputIterator (conversion_op(*itr)). Random-access, usable in kernels and as the
 * inputs of the device-wide algorithms. */
#ifndef CU2C_CUB_INPUT_ITERATORS_CUH
#define CU2C_CUB_INPUT_ITERATORS_CUH

#include <cub/config.cuh>
#include <cstddef>
#include <iterator>

namespace cub {
template <typename ValueType, typename OffsetT = ptrdiff_t> class CountingInputIterator {
public:
    typedef CountingInputIterator self_type;
    typedef OffsetT difference_type;
    typedef ValueType value_type;
    typedef ValueType *pointer;
    typedef ValueType reference;
    typedef std::random_access_iterator_tag iterator_category;
    ValueType val;
    __host__ __device__ CountingInputIterator(const ValueType &v) : val(v) {}
    __host__ __device__ reference operator*() const { return val; }
    template <typename Distance> __host__ __device__ reference operator[](Distance n) const { return val + (ValueType)n; }
    template <typename Distance> __host__ __device__ self_type operator+(Distance n) const { return self_type(val + (ValueType)n); }
    template <typename Distance> __host__ __device__ self_type operator-(Distance n) const { return self_type(val - (ValueType)n); }
    __host__ __device__ difference_type operator-(self_type other) const { return (difference_type)(val - other.val); }
    __host__ __device__ self_type &operator++() { ++val; return *this; }
    __host__ __device__ self_type operator++(int) { self_type r = *this; ++val; return r; }
    template <typename Distance> __host__ __device__ self_type &operator+=(Distance n) { val += (ValueType)n; return *this; }
    __host__ __device__ bool operator==(const self_type &o) const { return val == o.val; }
    __host__ __device__ bool operator!=(const self_type &o) const { return val != o.val; }
};

template <typename ValueType, typename OffsetT = ptrdiff_t> class ConstantInputIterator {
public:
    typedef ConstantInputIterator self_type;
    typedef OffsetT difference_type;
    typedef ValueType value_type;
    typedef ValueType *pointer;
    typedef ValueType reference;
    typedef std::random_access_iterator_tag iterator_category;
    ValueType val;
    OffsetT offset;
    __host__ __device__ ConstantInputIterator(ValueType v, OffsetT o = 0) : val(v), offset(o) {}
    __host__ __device__ reference operator*() const { return val; }
    template <typename Distance> __host__ __device__ reference operator[](Distance) const { return val; }
    template <typename Distance> __host__ __device__ self_type operator+(Distance n) const { return self_type(val, offset + n); }
    template <typename Distance> __host__ __device__ self_type operator-(Distance n) const { return self_type(val, offset - n); }
    __host__ __device__ difference_type operator-(self_type other) const { return offset - other.offset; }
    __host__ __device__ self_type &operator++() { ++offset; return *this; }
    __host__ __device__ self_type operator++(int) { self_type r = *this; ++offset; return r; }
    template <typename Distance> __host__ __device__ self_type &operator+=(Distance n) { offset += n; return *this; }
    __host__ __device__ bool operator==(const self_type &o) const { return offset == o.offset && val == o.val; }
    __host__ __device__ bool operator!=(const self_type &o) const { return !(*this == o); }
};

template <typename ValueType, typename ConversionOp, typename InputIteratorT, typename OffsetT = ptrdiff_t>
class TransformInputIterator {
public:
    typedef TransformInputIterator self_type;
    typedef OffsetT difference_type;
    typedef ValueType value_type;
    typedef ValueType *pointer;
    typedef ValueType reference;
    typedef std::random_access_iterator_tag iterator_category;
    ConversionOp conversion_op;
    InputIteratorT input_itr;
    __host__ __device__ TransformInputIterator(InputIteratorT itr, ConversionOp op) : conversion_op(op), input_itr(itr) {}
    __host__ __device__ reference operator*() const { return conversion_op(*input_itr); }
    template <typename Distance> __host__ __device__ reference operator[](Distance n) const {
        return conversion_op(input_itr[n]);
    }
    template <typename Distance> __host__ __device__ self_type operator+(Distance n) const {
        return self_type(input_itr + n, conversion_op);
    }
    template <typename Distance> __host__ __device__ self_type operator-(Distance n) const {
        return self_type(input_itr - n, conversion_op);
    }
    __host__ __device__ difference_type operator-(self_type other) const { return input_itr - other.input_itr; }
    __host__ __device__ self_type &operator++() { ++input_itr; return *this; }
    __host__ __device__ self_type operator++(int) { self_type r = *this; ++input_itr; return r; }
    template <typename Distance> __host__ __device__ self_type &operator+=(Distance n) { input_itr += n; return *this; }
    __host__ __device__ bool operator==(const self_type &o) const { return input_itr == o.input_itr; }
    __host__ __device__ bool operator!=(const self_type &o) const { return input_itr != o.input_itr; }
};
} // namespace cub

#endif

/* math_constants.h - the CUDART_* constants CUDA programs use (pi, infinities, NaN, logs).
 *
 * Written as literals and compiler builtins rather than bit casts, so that they are constant
 * expressions in C (file-scope initialisers) as well as in C++. */
#ifndef CU2C_MATH_CONSTANTS_H
#define CU2C_MATH_CONSTANTS_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#define __MATH_CONSTANTS_H__ /* the CUDA toolkit's guard: programs test it (e.g. helper_cuda.h) */

/* float */
#define CUDART_INF_F            __builtin_inff()
#define CUDART_NAN_F            __builtin_nanf("")
#define CUDART_MIN_DENORM_F     0x1p-149f
#define CUDART_MAX_NORMAL_F     0x1.fffffep127f
#define CUDART_NEG_ZERO_F       (-0.0f)
#define CUDART_ZERO_F           0.0f
#define CUDART_ONE_F            1.0f
#define CUDART_SQRT_HALF_F      0.707106781f
#define CUDART_SQRT_TWO_F       1.414213562f
#define CUDART_THIRD_F          0.333333333f
#define CUDART_PIO4_F           0.785398163f
#define CUDART_PIO2_F           1.570796327f
#define CUDART_3PIO4_F          2.356194490f
#define CUDART_2_OVER_PI_F      0.636619772f
#define CUDART_SQRT_2_OVER_PI_F 0.797884561f
#define CUDART_PI_F             3.141592654f
#define CUDART_L2E_F            1.442695041f
#define CUDART_L2T_F            3.321928094f
#define CUDART_LG2_F            0.301029996f
#define CUDART_LGE_F            0.434294482f
#define CUDART_LN2_F            0.693147181f
#define CUDART_LNT_F            2.302585093f
#define CUDART_LNPI_F           1.144729886f
#define CUDART_TWO_TO_M126_F    0x1p-126f
#define CUDART_TWO_TO_126_F     0x1p126f
#define CUDART_NORM_HUGE_F      0x1.fffffep127f
#define CUDART_TWO_TO_23_F      8388608.0f
#define CUDART_TWO_TO_24_F      16777216.0f
#define CUDART_TWO_TO_31_F      2147483648.0f
#define CUDART_TWO_TO_32_F      4294967296.0f
#define CUDART_REMQUO_BITS_F    3
#define CUDART_REMQUO_MASK_F    (~((~0) << CUDART_REMQUO_BITS_F))
#define CUDART_TRIG_PLOSS_F     105615.0f

/* double */
#define CUDART_INF              __builtin_inf()
#define CUDART_NAN              __builtin_nan("")
#define CUDART_NEG_ZERO         (-0.0)
#define CUDART_MIN_DENORM       0x1p-1074
#define CUDART_ZERO             0.0
#define CUDART_ONE              1.0
#define CUDART_SQRT_TWO         1.4142135623730951
#define CUDART_SQRT_2           CUDART_SQRT_TWO
#define CUDART_SQRT_HALF        0.70710678118654757
#define CUDART_SQRT_2PI         2.5066282746310002
#define CUDART_SQRT_PIO2        1.2533141373155003
#define CUDART_SQRT_2OPI        0.79788456080286541
#define CUDART_SQRT_PI          1.7724538509055159
#define CUDART_THIRD            0.33333333333333331
#define CUDART_TWOTHIRD         0.66666666666666663
#define CUDART_PIO4             0.78539816339744828
#define CUDART_PIO2             1.5707963267948966
#define CUDART_3PIO4            2.3561944901923448
#define CUDART_2_OVER_PI        0.63661977236758138
#define CUDART_PI               3.1415926535897931
#define CUDART_2PI              6.2831853071795862
#define CUDART_LN2              0.69314718055994529
#define CUDART_LNT              2.3025850929940459
#define CUDART_LNPI             1.1447298858494002
#define CUDART_L2E              1.4426950408889634
#define CUDART_L2T              3.3219280948873622
#define CUDART_LG2              0.3010299956639812
#define CUDART_LGE              0.43429448190325182
#define CUDART_TWO_TO_23        8388608.0
#define CUDART_TWO_TO_52        4503599627370496.0
#define CUDART_TWO_TO_53        9007199254740992.0
#define CUDART_TWO_TO_54        18014398509481984.0
#define CUDART_TWO_TO_M54       0x1p-54
#define CUDART_TWO_TO_M1022     0x1p-1022
#define CUDART_TWO_TO_1022      0x1p1022
#define CUDART_TRIG_PLOSS       2147483648.0
#define CUDART_REMQUO_BITS      3
#define CUDART_REMQUO_MASK      (~((~0) << CUDART_REMQUO_BITS))

#endif

#pragma once
#define DEMO_SCALE 3.0f
void saxpy_on_device(int n, float a, const float *x, float *y);
void scale_on_device(int n, float *y);
float norm1_on_device(int n, const float *x);

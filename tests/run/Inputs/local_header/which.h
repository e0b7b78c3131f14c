#define WHICH 1

#define WHICH 2

#define LISTED 3

/* A function one unit defines and another calls. */
void *make_table(int rows, int cols);
void *make_grid(int rows, int cols);
/* Kept inside the library by the linker: its callers are the program's. */
__attribute__((visibility("hidden"))) void *make_hidden(int rows, int cols);
void register_maker(void *(*maker)(int, int));

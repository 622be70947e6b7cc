/* A function one unit defines and another calls. */
void *make_table(int rows, int cols);
void *make_grid(int rows, int cols);
void register_maker(void *(*maker)(int, int));

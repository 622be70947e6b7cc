/* Declared without noreturn: only errors.c's bodies show what they do. */
void fatal(const char *why);
void check_pair(int a, int b);
void note_pair(int a, int b);

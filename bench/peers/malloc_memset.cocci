// malloc_memset.cocci: the peer of calloc-malloc-memset in bench/run.
//
// Finds a malloc whose result is stored and then zeroed whole by memset or
// bzero with the same size expression (as Coccinelle compares them: the
// same tokens, up to spacing and its standard isomorphisms), with an
// optional null check and nothing that mentions the pointer in between.
// Prints one line per pair: FILE:LINE:COLUMN of the malloc.
//
//   spatch --sp-file bench/peers/malloc_memset.cocci --very-quiet file.c

@assigned@
expression x, E;
statement S;
type T, T2;
position p;
@@
x = \( (T)malloc@p(E) \| malloc@p(E) \);
... when != x
? if (x == NULL) S
... when != x
\( memset(\( (T2)x \| x \), \( 0 \| '\0' \), E); \| bzero(\( (T2)x \| x \), E); \)

@declared@
identifier x;
expression E;
statement S;
type T, T1, T2;
position p;
@@
T x = \( (T1)malloc@p(E) \| malloc@p(E) \);
... when != x
? if (x == NULL) S
... when != x
\( memset(\( (T2)x \| x \), \( 0 \| '\0' \), E); \| bzero(\( (T2)x \| x \), E); \)

@script:python@
p << assigned.p;
@@
print("%s:%s:%s: malloc zeroed by memset/bzero" % (p[0].file, p[0].line, int(p[0].column) + 1))

@script:python@
p << declared.p;
@@
print("%s:%s:%s: malloc zeroed by memset/bzero" % (p[0].file, p[0].line, int(p[0].column) + 1))

/*
 * audio_scrabble.engine._movegen_c: the move generator's search in C.
 *
 * An optional accelerator for audio_scrabble/engine/movegen.py: the same
 * Appel & Jacobson search over the same word graph, giving exactly the
 * records the Python search gives, in the same order (see movegen.py's
 * docstring: anchors along each line in order, left parts longest first,
 * letters in alphabetical order, a word recorded before its extensions;
 * a letter tried once, from a real tile when the rack has one, else as a
 * blank, with the _FIX flag when the rack also holds that letter). The
 * board analysis, the choice of blanks (movegen's _best_blanks) and the
 * opening's mirror stay in Python.
 *
 * Portable C99 (no variable-length arrays; GCC/clang built-ins only where
 * they are known to exist) against the plain CPython C API.
 *
 * Inputs:
 * - Graph(root, values, bingo_bonus, letter_premiums, word_premiums): the
 *   nested-dict word graph (graph.py) copied into flat arrays, with the
 *   tile values (26 ints, A to Z), the bonus for seven tiles, and the
 *   premiums (450 ints each: direction, line, position).
 * - generate(graph, lines, rack, only, stop_first, empty, out): ``lines``
 *   is the analysis' (across, down) lists of Line objects, of which the
 *   ``packed`` attribute is read (bytes, LINE_INTS native int32: see
 *   F_* below; empty bytes: a line with no anchors); ``rack`` a str of
 *   letters A-Z and '?'; ``only`` a bit mask of lines (15 * direction +
 *   line) or -1 for every line; records are appended to the list ``out``
 *   (or, with stop_first, the first one found ends the search). Returns
 *   whether a record was found.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define SIZE 15
#define ALL_LETTERS ((uint32_t)0x3FFFFFF)
#define TERM ((uint32_t)1 << 26)
#define FIX ((uint64_t)1 << 32)
#define MAX_RACK 16

/* The packed line (movegen.Line.packed): int32 fields */
#define F_LT 0    /* 16: letter index + 1 of the tile, 0 empty; [15] unused */
#define F_BV 16   /* 16: tile value (0 for a blank or empty) */
#define F_CC 32   /* 16: cross-check letters (0 on a tile) */
#define F_XS 48   /* 16: value of the perpendicular tiles */
#define F_XW 64   /* 16: word multiplier of the cross word, 0 if none */
#define F_ANCHORS 80 /* bit mask of the anchors */
#define LINE_INTS 81

/* The version of this interface (inputs and outputs); movegen.py uses the
 * module only when it expects the same, so a module built from older
 * source is left alone rather than misread. */
#define INTERFACE 2

/* ------------------------------------------------------------------ */
/* bits */

static int popcount32(uint32_t x)
{
#if (defined(__GNUC__) || defined(__clang__)) && defined(__POPCNT__)
    return __builtin_popcount(x);
#else
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
#endif
}

static int lowest_bit(uint32_t x) /* x != 0 */
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(x);
#else
    int n = 0;
    if (!(x & 0xFFFFu)) { n += 16; x >>= 16; }
    if (!(x & 0xFFu)) { n += 8; x >>= 8; }
    if (!(x & 0xFu)) { n += 4; x >>= 4; }
    if (!(x & 0x3u)) { n += 2; x >>= 2; }
    if (!(x & 0x1u)) { n += 1; }
    return n;
#endif
}

static uint64_t splitmix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

/* ------------------------------------------------------------------ */
/* Graph */

typedef struct {
    PyObject_HEAD
    Py_ssize_t nodes;
    uint32_t *info;   /* child letters | TERM */
    uint32_t *first;  /* where the node's children start in edges */
    uint32_t *edges;  /* child node indexes, in letter order */
    int values[26];
    int bingo;
    int lm[2][SIZE][SIZE];
    int wm[2][SIZE][SIZE];
} GraphObject;

#define CHILD(g, node, j) \
    ((g)->edges[(g)->first[node] + (uint32_t)popcount32((g)->info[node] & (((uint32_t)1 << (j)) - 1))])

#define NO_NODE 0xFFFFFFFFu

/* Follow the tiles lt[from:to] (letter index + 1) from node through the
 * word graph: the node reached, or NO_NODE where a letter has no edge. */
static inline uint32_t walk_tiles(const GraphObject *g, uint32_t node, const int *lt, int from, int to)
{
    int q;
    for (q = from; q < to; q++) {
        int t = lt[q] - 1;
        if (!(g->info[node] & ((uint32_t)1 << t)))
            return NO_NODE;
        node = CHILD(g, node, t);
    }
    return node;
}

static void Graph_dealloc(GraphObject *self)
{
    free(self->info);
    free(self->first);
    free(self->edges);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int read_ints(PyObject *seq, int *dst, Py_ssize_t n, const char *what)
{
    PyObject *fast = PySequence_Fast(seq, what);
    Py_ssize_t k;
    if (fast == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: %zd numbers wanted", what, n);
        return -1;
    }
    for (k = 0; k < n; k++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, k));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        dst[k] = (int)v;
    }
    Py_DECREF(fast);
    return 0;
}

/* The info int of a nested-dict node (key 0), or -1 with an error set. */
static long node_info(PyObject *node, PyObject *zero)
{
    PyObject *v;
    long info;
    if (!PyDict_Check(node)) {
        PyErr_SetString(PyExc_TypeError, "a word graph node must be a dict");
        return -1;
    }
    v = PyDict_GetItemWithError(node, zero);
    if (v == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "a word graph node has no info (key 0)");
        return -1;
    }
    info = PyLong_AsLong(v);
    if (info == -1 && PyErr_Occurred())
        return -1;
    return info & (long)(ALL_LETTERS | TERM);
}

/* Nodes numbered by identity: an open-addressing table of node pointers. */
typedef struct {
    size_t cap;   /* a power of 2 */
    size_t used;
    PyObject **keys;
    uint32_t *vals;
} NodeTable;

static size_t node_slot(const NodeTable *t, PyObject *key)
{
    size_t h = (size_t)(((uintptr_t)key >> 4) * (uintptr_t)0x9E3779B97F4A7C15ull);
    size_t mask = t->cap - 1;
    h &= mask;
    while (t->keys[h] != NULL && t->keys[h] != key)
        h = (h + 1) & mask;
    return h;
}

static int node_table_grow(NodeTable *t)
{
    NodeTable bigger;
    size_t k;
    bigger.cap = t->cap ? 2 * t->cap : 1024;
    bigger.used = t->used;
    bigger.keys = (PyObject **)calloc(bigger.cap, sizeof(PyObject *));
    bigger.vals = (uint32_t *)malloc(bigger.cap * sizeof(uint32_t));
    if (bigger.keys == NULL || bigger.vals == NULL) {
        free(bigger.keys);
        free(bigger.vals);
        return -1;
    }
    for (k = 0; k < t->cap; k++) {
        if (t->keys[k] != NULL) {
            size_t s = node_slot(&bigger, t->keys[k]);
            bigger.keys[s] = t->keys[k];
            bigger.vals[s] = t->vals[k];
        }
    }
    free(t->keys);
    free(t->vals);
    *t = bigger;
    return 0;
}

/*
 * Room for ``need`` elements of ``elem`` bytes in the array *arrp points
 * to (any object pointer variable), of capacity *cap: grown by doubling
 * from ``first``, to at most ``most`` elements. 0, or -1 with the array
 * and *cap unchanged when more than ``most`` are asked for, the size in
 * bytes would overflow, or the memory is short (no Python error set).
 */
static int grow(void *arrp, size_t *cap, size_t need, size_t elem, size_t first, size_t most)
{
    void *arr, *grown;
    size_t n;
    if (need <= *cap)
        return 0;
    if (most > SIZE_MAX / elem)
        most = SIZE_MAX / elem;
    if (need > most)
        return -1;
    n = *cap ? *cap : first;
    if (n > most)
        n = most;
    while (n < need)
        n = n > most / 2 ? most : 2 * n;
    memcpy(&arr, arrp, sizeof(arr));
    grown = realloc(arr, n * elem);
    if (grown == NULL)
        return -1;
    memcpy(arrp, &grown, sizeof(grown));
    *cap = n;
    return 0;
}

#define INT_MOST ((size_t)INT_MAX)
#define SSIZE_MOST ((size_t)PY_SSIZE_T_MAX)

static PyObject *Graph_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    PyObject *root, *values, *lms, *wms;
    int bingo;
    GraphObject *self;
    NodeTable table = {0, 0, NULL, NULL};
    PyObject **order = NULL; /* nodes by number (borrowed: the graph holds them) */
    size_t order_cap = 0, n = 0, k, nedges = 0;
    size_t info_cap = 0, first_cap = 0, edges_cap = 0;
    PyObject *bits[26];
    PyObject *zero = NULL;
    int tmp[2 * SIZE * SIZE];
    int j, d, i;
    static char *kwlist[] = {"root", "values", "bingo_bonus", "letter_premiums", "word_premiums", NULL};

    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOiOO", kwlist, &root, &values, &bingo, &lms, &wms))
        return NULL;
    for (j = 0; j < 26; j++)
        bits[j] = NULL;
    self = (GraphObject *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    self->bingo = bingo;
    if (read_ints(values, self->values, 26, "values") < 0)
        goto fail;
    if (read_ints(lms, tmp, 2 * SIZE * SIZE, "letter_premiums") < 0)
        goto fail;
    for (d = 0; d < 2; d++)
        for (i = 0; i < SIZE; i++)
            for (j = 0; j < SIZE; j++)
                self->lm[d][i][j] = tmp[(d * SIZE + i) * SIZE + j];
    if (read_ints(wms, tmp, 2 * SIZE * SIZE, "word_premiums") < 0)
        goto fail;
    for (d = 0; d < 2; d++)
        for (i = 0; i < SIZE; i++)
            for (j = 0; j < SIZE; j++)
                self->wm[d][i][j] = tmp[(d * SIZE + i) * SIZE + j];

    zero = PyLong_FromLong(0);
    if (zero == NULL)
        goto fail;
    for (j = 0; j < 26; j++) {
        bits[j] = PyLong_FromLong(1L << j);
        if (bits[j] == NULL)
            goto fail;
    }
    if (node_table_grow(&table) < 0)
        goto nomem;
    /* Number the nodes breadth first (the root 0), by identity, writing
     * each node's info and its children's numbers as it is reached. */
    if (grow(&order, &order_cap, 1, sizeof(PyObject *), 1024, SIZE_MAX) < 0)
        goto nomem;
    order[n] = root;
    table.keys[node_slot(&table, root)] = root;
    table.vals[node_slot(&table, root)] = (uint32_t)n;
    table.used = 1;
    n = 1;
    for (k = 0; k < n; k++) {
        PyObject *node = order[k];
        long info = node_info(node, zero);
        uint32_t m;
        if (info < 0)
            goto fail;
        if (grow(&self->info, &info_cap, k + 1, sizeof(uint32_t), 1024, SIZE_MAX) < 0 ||
            grow(&self->first, &first_cap, k + 1, sizeof(uint32_t), 1024, SIZE_MAX) < 0)
            goto nomem;
        self->info[k] = (uint32_t)info;
        self->first[k] = (uint32_t)nedges;
        m = (uint32_t)info & ALL_LETTERS;
        if (grow(&self->edges, &edges_cap, nedges + 26, sizeof(uint32_t), 1024, SIZE_MAX) < 0)
            goto nomem;
        while (m) {
            PyObject *child;
            size_t s;
            j = lowest_bit(m);
            m &= m - 1;
            child = PyDict_GetItemWithError(node, bits[j]);
            if (child == NULL) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "a word graph node lacks a child its info names");
                goto fail;
            }
            s = node_slot(&table, child);
            if (table.keys[s] == NULL) {
                if (n > (size_t)0xFFFFFFF0u) {
                    PyErr_SetString(PyExc_ValueError, "the word graph has too many nodes");
                    goto fail;
                }
                if (grow(&order, &order_cap, n + 1, sizeof(PyObject *), 1024, SIZE_MAX) < 0)
                    goto nomem;
                order[n] = child;
                table.keys[s] = child;
                table.vals[s] = (uint32_t)n;
                n++;
                if (++table.used * 2 > table.cap && node_table_grow(&table) < 0)
                    goto nomem;
                s = node_slot(&table, child);
            }
            self->edges[nedges++] = table.vals[s];
        }
    }
    self->nodes = (Py_ssize_t)n;
    free(order);
    free(table.keys);
    free(table.vals);
    Py_DECREF(zero);
    for (j = 0; j < 26; j++)
        Py_DECREF(bits[j]);
    return (PyObject *)self;

nomem:
    PyErr_NoMemory();
fail:
    free(order);
    free(table.keys);
    free(table.vals);
    Py_XDECREF(zero);
    for (j = 0; j < 26; j++)
        Py_XDECREF(bits[j]);
    Py_DECREF(self);
    return NULL;
}

static PyObject *Graph_get_nodes(GraphObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromSsize_t(self->nodes);
}

static PyGetSetDef Graph_getset[] = {
    {"nodes", (getter)Graph_get_nodes, NULL, "number of nodes", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject GraphType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    "audio_scrabble.engine._movegen_c.Graph", /* tp_name */
    sizeof(GraphObject),                      /* tp_basicsize */
};

/* ------------------------------------------------------------------ */
/* The search */

typedef struct {
    uint32_t node;
    uint32_t follow; /* letters that may follow */
    uint32_t rmask;  /* real letters left */
    int nb;          /* blanks left */
    int len;
    int fix;         /* a blank played for a letter the rack holds */
    uint32_t bmr;    /* blank positions from the start */
    char word[MAX_RACK];
} LeftPart;

/* A record kept in C (the end-game search's generation): as movegen's
 * raw records, the word's letters in word[0:len] */
typedef struct {
    int score;
    int d, li, s0, len;
    uint32_t bm;
    char word[SIZE];
} Rec;

typedef struct {
    const GraphObject *g;
    PyObject *out;  /* NULL: records go to recs */
    Rec *recs;
    Py_ssize_t nrecs;
    size_t caprecs;
    int stop_first;
    int halt;   /* found (stop_first) or an error */
    int error;
    int ntiles;
    int nb0;
    uint32_t rmask0;
    int rack[26];  /* the rack's counts */
    int rc[26];    /* counts left during a search */
    int bon[MAX_RACK + 2];
    /* the current line */
    int d, li, s0, single_ok;
    int lt[SIZE + 1]; /* letter index + 1, 0 empty, -1 edge at [15] */
    int bv[SIZE];
    uint32_t cc[SIZE + 1]; /* [15] = 0 */
    int xs[SIZE], xw[SIZE];
    const int *lm, *wm;
    int runend[SIZE + 1], runval[SIZE + 1];
    char buf[SIZE + 1];
    /* left parts */
    LeftPart *lps;
    Py_ssize_t nlps;
    size_t caplps;
    int maxleft;
} Ctx;

/*
 * The best choice of blanks for the word on buf[start:end] (movegen's
 * _best_blanks, for one record): the search plays real tiles first, left
 * to right, so a blank played for a letter the rack also holds (the FIX
 * flag) may fit better on another square with that letter; the squares of
 * that letter get the blanks in order of the points a blank there loses
 * (ties: leftmost first).
 */
static void best_blanks(const Ctx *c, int start, int end, long *score, uint64_t *bm)
{
    uint32_t old = (uint32_t)(*bm & 0x7FFF), rest = old, mask = 0, done = 0;
    int pen[SIZE];
    int wmul = 1, j;
    long lost = 0;
    for (j = start; j < end; j++)
        if (c->lt[j] == 0)
            wmul *= c->wm[j];
    for (j = start; j < end; j++)
        pen[j] = c->lt[j] == 0 ? c->lm[j] * (wmul + c->xw[j]) : 0;
    while (rest) {
        int p = lowest_bit(rest), ch = c->buf[p] - 'A', value, blanked = 0, k;
        uint32_t chosen = 0;
        rest &= rest - 1;
        if (!(c->rmask0 >> ch & 1)) { /* no real tile could take its place */
            mask |= (uint32_t)1 << p;
            continue;
        }
        if (done >> ch & 1)
            continue;
        done |= (uint32_t)1 << ch;
        value = c->g->values[ch];
        for (j = start; j < end; j++) {
            if (c->lt[j] == 0 && c->buf[j] == c->buf[p] && (old >> j & 1)) {
                lost -= (long)value * pen[j];
                blanked++;
            }
        }
        for (k = 0; k < blanked; k++) {
            int best = -1;
            for (j = start; j < end; j++)
                if (c->lt[j] == 0 && c->buf[j] == c->buf[p] && !(chosen >> j & 1) && (best < 0 || pen[j] < pen[best]))
                    best = j;
            chosen |= (uint32_t)1 << best;
            lost += (long)value * pen[best];
        }
        mask |= chosen;
    }
    *score -= lost;
    *bm = mask;
}

static void emit(Ctx *c, long score, int end, uint64_t bm)
{
    PyObject *t, *v;
    if (c->stop_first) {
        c->halt = 1;
        return;
    }
    if (bm & FIX)
        best_blanks(c, c->s0, end, &score, &bm);
    if (c->out == NULL) {
        Rec *r;
        if (grow(&c->recs, &c->caprecs, (size_t)c->nrecs + 1, sizeof(Rec), 256, SSIZE_MOST) < 0) {
            PyErr_NoMemory();
            c->halt = c->error = 1;
            return;
        }
        r = &c->recs[c->nrecs++];
        r->score = (int)score;
        r->d = c->d;
        r->li = c->li;
        r->s0 = c->s0;
        r->len = end - c->s0;
        r->bm = (uint32_t)(bm & 0x7FFF);
        memcpy(r->word, c->buf + c->s0, (size_t)r->len);
        return;
    }
    t = PyTuple_New(6);
    if (t == NULL)
        goto fail;
    if ((v = PyLong_FromLong(score)) == NULL)
        goto fail_t;
    PyTuple_SET_ITEM(t, 0, v);
    if ((v = PyLong_FromLong(c->d)) == NULL)
        goto fail_t;
    PyTuple_SET_ITEM(t, 1, v);
    if ((v = PyLong_FromLong(c->li)) == NULL)
        goto fail_t;
    PyTuple_SET_ITEM(t, 2, v);
    if ((v = PyLong_FromLong(c->s0)) == NULL)
        goto fail_t;
    PyTuple_SET_ITEM(t, 3, v);
    if ((v = PyUnicode_New(end - c->s0, 127)) == NULL)
        goto fail_t;
    memcpy(PyUnicode_1BYTE_DATA(v), c->buf + c->s0, (size_t)(end - c->s0));
    PyTuple_SET_ITEM(t, 4, v);
    if ((v = PyLong_FromUnsignedLongLong((unsigned long long)bm)) == NULL)
        goto fail_t;
    PyTuple_SET_ITEM(t, 5, v);
    /* (ints and a str: nothing for the cycle collector to follow) */
    PyObject_GC_UnTrack(t);
    if (PyList_Append(c->out, t) < 0)
        goto fail_t;
    Py_DECREF(t);
    return;
fail_t:
    Py_DECREF(t);
fail:
    c->halt = 1;
    c->error = 1;
}

/*
 * Place a tile on the empty square p (at or right of the anchor), then go
 * on right through any tiles on the board; record the word where it may
 * end and recurse where a tile may follow (movegen's extend0 and
 * blank_extension in one, nb the blanks left). m: the letters that may go
 * on p; ms: letter sum of the main word so far; wmul: its word multiplier;
 * cross: points of the cross words; np: tiles placed; bm: blank mask;
 * rmask: the real letters left.
 */
static void extend(Ctx *c, int nb, uint32_t m, int p, uint32_t node, int ms, int wmul, int cross, int np,
                   uint64_t bm, uint32_t rmask)
{
    const GraphObject *g = c->g;
    int t0 = c->lt[p + 1];
    int l_m = c->lm[p];
    int w_m = c->wm[p] * wmul;
    int lx = l_m * c->xw[p];
    uint32_t ccq = c->cc[p + 1];
    int q0 = p + 1;
    int np1 = np + 1;
    uint64_t bmb = bm | ((uint64_t)1 << p);
    uint64_t fixed = bmb | FIX;
    cross += c->xs[p] * c->xw[p];

    if (t0 == 0 && np1 < c->ntiles) {
        /* The next square is empty: the word ends here or goes on. */
        int em = np > 0 || (c->single_ok && p > c->s0);
        int base = ms * w_m + cross + c->bon[np1];
        int k1 = l_m * w_m + lx;
        uint32_t keep_real = nb ? ALL_LETTERS : 0;
        uint32_t keep_blank = nb > 1 ? ALL_LETTERS : rmask;
        while (m) {
            int j = lowest_bit(m);
            uint32_t b = (uint32_t)1 << j;
            uint32_t child = CHILD(g, node, j);
            uint32_t info = g->info[child];
            m &= m - 1;
            c->buf[p] = (char)('A' + j);
            if (b & rmask) {
                int cnt = c->rc[j];
                uint32_t rm2 = cnt > 1 ? rmask : rmask ^ b;
                uint32_t m2 = info & ccq & (keep_real | rm2);
                int vb = g->values[j];
                if ((info & TERM) && em) {
                    emit(c, base + vb * k1, p + 1, bm);
                    if (c->halt)
                        return;
                }
                if (m2) {
                    c->rc[j] = cnt - 1;
                    extend(c, nb, m2, q0, child, ms + vb * l_m, w_m, cross + vb * lx, np1, bm, rm2);
                    c->rc[j] = cnt;
                    if (c->halt)
                        return;
                }
            } else {
                uint64_t fx = (b & c->rmask0) ? fixed : bmb;
                uint32_t m2 = info & ccq & keep_blank;
                if ((info & TERM) && em) {
                    emit(c, base, p + 1, fx);
                    if (c->halt)
                        return;
                }
                if (m2) {
                    extend(c, nb - 1, m2, q0, child, ms, w_m, cross, np1, fx, rmask);
                    if (c->halt)
                        return;
                }
            }
        }
        return;
    }
    if (t0 <= 0) {
        /* The last tile, or the edge: the word ends here. */
        if (np > 0 || (c->single_ok && p > c->s0)) {
            int base = ms * w_m + cross + c->bon[np1];
            int k1 = l_m * w_m + lx;
            while (m) {
                int j = lowest_bit(m);
                uint32_t b = (uint32_t)1 << j;
                m &= m - 1;
                if (g->info[CHILD(g, node, j)] & TERM) {
                    c->buf[p] = (char)('A' + j);
                    if (b & rmask)
                        emit(c, base + g->values[j] * k1, p + 1, bm);
                    else
                        emit(c, base, p + 1, (b & c->rmask0) ? fixed : bmb);
                    if (c->halt)
                        return;
                }
            }
        }
        return;
    }
    {
        /* A tile follows: the word goes on through the whole run of tiles. */
        int e = c->runend[q0];
        int rval = c->runval[q0];
        uint32_t ccn = c->cc[e];
        int more = np1 < c->ntiles && ccn;
        int bonus = c->bon[np1];
        int em = np > 0 || c->single_ok;
        uint32_t keep_real = nb ? ALL_LETTERS : 0;
        uint32_t keep_blank = nb > 1 ? ALL_LETTERS : rmask;
        while (m) {
            int j = lowest_bit(m);
            uint32_t b = (uint32_t)1 << j;
            uint32_t child = CHILD(g, node, j);
            uint32_t info;
            m &= m - 1;
            child = walk_tiles(g, child, c->lt, q0, e);
            if (child == NO_NODE)
                continue;
            info = g->info[child];
            c->buf[p] = (char)('A' + j);
            if (b & rmask) {
                int vb = g->values[j];
                if ((info & TERM) && em) {
                    emit(c, (ms + vb * l_m + rval) * w_m + cross + vb * lx + bonus, e, bm);
                    if (c->halt)
                        return;
                }
                if (more) {
                    int cnt = c->rc[j];
                    uint32_t rm2 = cnt > 1 ? rmask : rmask ^ b;
                    uint32_t m2 = info & ccn & (keep_real | rm2);
                    if (m2) {
                        c->rc[j] = cnt - 1;
                        extend(c, nb, m2, e, child, ms + vb * l_m + rval, w_m, cross + vb * lx, np1, bm, rm2);
                        c->rc[j] = cnt;
                        if (c->halt)
                            return;
                    }
                }
            } else {
                uint64_t fx = (b & c->rmask0) ? fixed : bmb;
                if ((info & TERM) && em) {
                    emit(c, (ms + rval) * w_m + cross + bonus, e, fx);
                    if (c->halt)
                        return;
                }
                if (more) {
                    uint32_t m2 = info & ccn & keep_blank;
                    if (m2) {
                        extend(c, nb - 1, m2, e, child, ms + rval, w_m, cross, np1, fx, rmask);
                        if (c->halt)
                            return;
                    }
                }
            }
        }
    }
}

static int add_left(Ctx *c, uint32_t node, uint32_t follow, uint32_t rmask, int nb, int len, int fix,
                    uint32_t bmr, const char *word)
{
    LeftPart *lp;
    if (grow(&c->lps, &c->caplps, (size_t)c->nlps + 1, sizeof(LeftPart), 256, SSIZE_MOST) < 0) {
        PyErr_NoMemory();
        c->halt = c->error = 1;
        return -1;
    }
    lp = &c->lps[c->nlps++];
    lp->node = node;
    lp->follow = follow;
    lp->rmask = rmask;
    lp->nb = nb;
    lp->len = len;
    lp->fix = fix;
    lp->bmr = bmr;
    memcpy(lp->word, word, (size_t)len);
    return 0;
}

/* The left parts the rack can make, in the order of a depth-first walk
 * with letters in alphabetical order (movegen's left()). */
static void left_parts(Ctx *c, uint32_t node, char *word, int depth, int nb, uint32_t bmr, int fix, uint32_t rmask)
{
    const GraphObject *g = c->g;
    uint32_t m = g->info[node] & (nb ? ALL_LETTERS : rmask);
    if (add_left(c, node, m, rmask, nb, depth, fix, bmr, word) < 0)
        return;
    if (depth == c->maxleft)
        return;
    while (m) {
        int j = lowest_bit(m);
        uint32_t b = (uint32_t)1 << j;
        uint32_t child = CHILD(g, node, j);
        m &= m - 1;
        word[depth] = (char)('A' + j);
        if (b & rmask) {
            int cnt = c->rc[j];
            uint32_t rm2 = cnt > 1 ? rmask : rmask ^ b;
            if (g->info[child] & (nb ? ALL_LETTERS : rm2)) {
                c->rc[j] = cnt - 1;
                left_parts(c, child, word, depth + 1, nb, bmr, fix, rm2);
                c->rc[j] = cnt;
            }
        } else if (g->info[child] & (nb > 1 ? ALL_LETTERS : rmask)) {
            left_parts(c, child, word, depth + 1, nb - 1, bmr | ((uint32_t)1 << depth),
                       fix || (b & c->rmask0) != 0, rmask);
        }
        if (c->halt)
            return;
    }
}

static int load_raw(Ctx *c, const int32_t *raw, int d, int i, uint32_t *anchors);

/* Read a line's packed analysis into the context; 0 if it has no anchors. */
static int load_line(Ctx *c, PyObject *lines, int d, int i, uint32_t *anchors)
{
    PyObject *side, *line, *packed;
    int32_t raw[LINE_INTS];
    side = PySequence_GetItem(lines, d);
    if (side == NULL)
        return -1;
    line = PySequence_GetItem(side, i);
    Py_DECREF(side);
    if (line == NULL)
        return -1;
    packed = PyObject_GetAttrString(line, "packed");
    Py_DECREF(line);
    if (packed == NULL)
        return -1;
    if (!PyBytes_Check(packed)) {
        Py_DECREF(packed);
        PyErr_SetString(PyExc_TypeError, "Line.packed must be bytes");
        return -1;
    }
    if (PyBytes_GET_SIZE(packed) == 0) {
        Py_DECREF(packed);
        return 0;
    }
    if (PyBytes_GET_SIZE(packed) != (Py_ssize_t)sizeof(raw)) {
        Py_DECREF(packed);
        PyErr_SetString(PyExc_ValueError, "Line.packed has the wrong size");
        return -1;
    }
    memcpy(raw, PyBytes_AS_STRING(packed), sizeof(raw));
    Py_DECREF(packed);
    return load_raw(c, raw, d, i, anchors);
}

/* A packed line into the context; 0 if it has no anchors. */
static int load_raw(Ctx *c, const int32_t *raw, int d, int i, uint32_t *anchors)
{
    int j;
    *anchors = (uint32_t)raw[F_ANCHORS];
    if (!*anchors)
        return 0;
    for (j = 0; j < SIZE; j++) {
        c->lt[j] = raw[F_LT + j];
        c->bv[j] = raw[F_BV + j];
        c->cc[j] = (uint32_t)raw[F_CC + j];
        c->xs[j] = raw[F_XS + j];
        c->xw[j] = raw[F_XW + j];
        c->buf[j] = c->lt[j] > 0 ? (char)('A' + c->lt[j] - 1) : '.';
    }
    c->lt[SIZE] = -1;
    c->cc[SIZE] = 0;
    c->buf[SIZE] = 0;
    c->runend[SIZE] = SIZE;
    c->runval[SIZE] = 0;
    for (j = SIZE - 1; j >= 0; j--) {
        if (c->lt[j] > 0 && c->lt[j + 1] > 0) {
            c->runend[j] = c->runend[j + 1];
            c->runval[j] = c->runval[j + 1] + c->bv[j];
        } else if (c->lt[j] > 0) {
            c->runend[j] = j + 1;
            c->runval[j] = c->bv[j];
        } else {
            c->runend[j] = j;
            c->runval[j] = 0;
        }
    }
    c->lm = c->g->lm[d][i];
    c->wm = c->g->wm[d][i];
    c->d = d;
    c->li = i;
    return 1;
}

static void search_line(Ctx *c, uint32_t anchors, const Py_ssize_t *bylen, const Py_ssize_t *order)
{
    const GraphObject *g = c->g;
    int prev = -1;
    int a;
    for (a = 0; a < SIZE; a++) {
        int k, L;
        uint32_t allowed;
        if (!(anchors >> a & 1))
            continue;
        c->single_ok = c->d == 0 || !c->xw[a];
        if (a > 0 && c->lt[a - 1] > 0) {
            /* The left part: the tiles already on the board. */
            int s = a - 1;
            uint32_t node;
            while (s > 0 && c->lt[s - 1] > 0)
                s--;
            node = walk_tiles(g, 0, c->lt, s, a);
            if (node != NO_NODE) {
                int ms = c->runval[s]; /* the run's tile values (it ends at a - 1) */
                uint32_t m = g->info[node] & c->cc[a] & (c->nb0 ? ALL_LETTERS : c->rmask0);
                c->s0 = s;
                if (m) {
                    memcpy(c->rc, c->rack, sizeof(c->rc));
                    extend(c, c->nb0, m, a, node, ms, 1, 0, 0, 0, c->rmask0);
                    if (c->halt)
                        return;
                }
            }
            prev = a;
            continue;
        }
        /* Left parts from the rack, up to the previous anchor, longest first. */
        k = a - prev - 1;
        if (k > c->maxleft)
            k = c->maxleft;
        prev = a;
        allowed = c->cc[a];
        for (L = k; L >= 0; L--) {
            int s = a - L;
            int wprod = 1, q;
            Py_ssize_t x;
            for (q = s; q < a; q++)
                wprod *= c->wm[q];
            c->s0 = s;
            for (x = bylen[L]; x < bylen[L + 1]; x++) {
                const LeftPart *lp = &c->lps[order[x]];
                uint32_t m = lp->follow & allowed;
                int ms = 0;
                if (!m)
                    continue;
                memcpy(c->rc, c->rack, sizeof(c->rc));
                for (q = 0; q < L; q++) {
                    int j = lp->word[q] - 'A';
                    c->buf[s + q] = lp->word[q];
                    if (!(lp->bmr >> q & 1)) {
                        ms += g->values[j] * c->lm[s + q];
                        c->rc[j]--;
                    }
                }
                extend(c, lp->nb, m, a, lp->node, ms, wprod, 0, L,
                       ((uint64_t)lp->bmr << s) | (lp->fix ? FIX : 0), lp->rmask);
                if (c->halt)
                    return;
            }
        }
    }
}

/* ------------------------------------------------------------------ */
/* The opening: the across plays through the star (movegen._opening) */

typedef struct {
    char word[MAX_RACK];
    int len;
    uint32_t bm;
    int fix;
    int vals[MAX_RACK];
} Found;

typedef struct {
    Ctx *c;
    Found *found;
    Py_ssize_t n;
    size_t cap;
} Opening;

static void opening_walk(Opening *o, uint32_t node, char *word, int *vals, int depth, int nb, uint32_t bm,
                         int fix, uint32_t rmask)
{
    Ctx *c = o->c;
    const GraphObject *g = c->g;
    uint32_t m = g->info[node] & (nb ? ALL_LETTERS : rmask);
    int more = depth + 1 < c->ntiles;
    while (m) {
        int j = lowest_bit(m);
        uint32_t b = (uint32_t)1 << j;
        uint32_t child = CHILD(g, node, j);
        int cnt = c->rc[j];
        uint32_t bm2, rm2;
        int nb2, fix2;
        m &= m - 1;
        word[depth] = (char)('A' + j);
        if (cnt) {
            bm2 = bm;
            fix2 = fix;
            vals[depth] = g->values[j];
            nb2 = nb;
            rm2 = cnt > 1 ? rmask : rmask ^ b;
        } else {
            bm2 = bm | ((uint32_t)1 << depth);
            fix2 = fix || (b & c->rmask0) != 0;
            vals[depth] = 0;
            nb2 = nb - 1;
            rm2 = rmask;
        }
        if ((g->info[child] & TERM) && depth) {
            Found *f;
            if (c->stop_first) {
                c->halt = 1;
                return;
            }
            if (grow(&o->found, &o->cap, (size_t)o->n + 1, sizeof(Found), 256, SSIZE_MOST) < 0) {
                PyErr_NoMemory();
                c->halt = c->error = 1;
                return;
            }
            f = &o->found[o->n++];
            memcpy(f->word, word, (size_t)depth + 1);
            memcpy(f->vals, vals, sizeof(int) * ((size_t)depth + 1));
            f->len = depth + 1;
            f->bm = bm2;
            f->fix = fix2;
        }
        if (more && (g->info[child] & (nb2 ? ALL_LETTERS : rm2))) {
            if (cnt) {
                c->rc[j] = cnt - 1;
                opening_walk(o, child, word, vals, depth + 1, nb2, bm2, fix2, rm2);
                c->rc[j] = cnt;
            } else {
                opening_walk(o, child, word, vals, depth + 1, nb2, bm2, fix2, rm2);
            }
        }
        if (c->halt)
            return;
    }
}

static void opening(Ctx *c)
{
    const int row = SIZE / 2, star = SIZE / 2;
    const int *lm = c->g->lm[0][row], *wm = c->g->wm[0][row];
    Opening o;
    char word[MAX_RACK];
    int vals[MAX_RACK];
    int start;
    Py_ssize_t x;
    o.c = c;
    o.found = NULL;
    o.n = 0;
    o.cap = 0;
    memcpy(c->rc, c->rack, sizeof(c->rc));
    opening_walk(&o, 0, word, vals, 0, c->nb0, 0, 0, c->rmask0);
    if (c->halt) {
        free(o.found);
        return;
    }
    c->li = row;
    c->lm = lm;
    c->wm = wm; /* (and lt, xw: all 0, the board being empty) */
    /* the across plays, then their mirror images down (the premium
       layout being symmetric about the diagonal) */
    for (c->d = 0; c->d < 2; c->d++)
    for (start = 0; start <= star; start++) {
        for (x = 0; x < o.n; x++) {
            const Found *f = &o.found[x];
            int n = f->len, k, ms = 0, wmul = 1;
            int lo = star - n + 1 > 0 ? star - n + 1 : 0;
            int hi = star < SIZE - n ? star : SIZE - n;
            if (start < lo || start > hi)
                continue;
            for (k = 0; k < n; k++) {
                ms += f->vals[k] * lm[start + k];
                wmul *= wm[start + k];
                c->buf[start + k] = f->word[k];
            }
            c->s0 = start;
            emit(c, ms * wmul + c->bon[n], start + n, ((uint64_t)f->bm << start) | (f->fix ? FIX : 0));
            if (c->halt) {
                free(o.found);
                return;
            }
        }
    }
    free(o.found);
}

/* ------------------------------------------------------------------ */

static PyObject *generate(PyObject *module, PyObject *args)
{
    GraphObject *graph;
    PyObject *lines, *rack, *out;
    long long only;
    int stop_first, empty;
    Ctx *c;
    Py_ssize_t k, n;
    const char *rs;
    PyObject *result;
    (void)module;

    if (!PyArg_ParseTuple(args, "O!OULppO!", &GraphType, &graph, &lines, &rack, &only, &stop_first, &empty,
                          &PyList_Type, &out))
        return NULL;
    rs = PyUnicode_AsUTF8AndSize(rack, &n);
    if (rs == NULL)
        return NULL;
    if (n == 0)
        Py_RETURN_FALSE;
    if (n > MAX_RACK) {
        PyErr_SetString(PyExc_ValueError, "the rack holds too many tiles");
        return NULL;
    }
    c = (Ctx *)calloc(1, sizeof(Ctx));
    if (c == NULL)
        return PyErr_NoMemory();
    c->g = graph;
    c->out = out;
    c->stop_first = stop_first;
    c->ntiles = (int)n;
    for (k = 0; k < n; k++) {
        char ch = rs[k];
        if (ch == '?') {
            c->nb0++;
        } else if (ch >= 'A' && ch <= 'Z') {
            c->rack[ch - 'A']++;
            c->rmask0 |= (uint32_t)1 << (ch - 'A');
        } else {
            free(c);
            PyErr_Format(PyExc_KeyError, "%c", ch);
            return NULL;
        }
    }
    for (k = 0; k < MAX_RACK + 2; k++)
        c->bon[k] = k == 7 ? graph->bingo : 0;

    if (empty) {
        opening(c);
    } else {
        /* How far left parts may reach (at most the rack size less one). */
        uint32_t anchors[2][SIZE];
        int d, i, a;
        int has[2][SIZE];
        c->maxleft = 0;
        for (d = 0; d < 2 && !c->error; d++) {
            for (i = 0; i < SIZE; i++) {
                int prev = -1, got;
                has[d][i] = 0;
                if (only >= 0 && !(only >> (SIZE * d + i) & 1))
                    continue;
                got = load_line(c, lines, d, i, &anchors[d][i]);
                if (got < 0) {
                    c->error = 1;
                    break;
                }
                if (!got)
                    continue;
                has[d][i] = 1;
                for (a = 0; a < SIZE; a++) {
                    if (!(anchors[d][i] >> a & 1))
                        continue;
                    if (!(a > 0 && c->lt[a - 1] > 0) && a - prev - 1 > c->maxleft)
                        c->maxleft = a - prev - 1;
                    prev = a;
                }
            }
        }
        if (c->maxleft > c->ntiles - 1)
            c->maxleft = c->ntiles - 1;
        if (!c->error) {
            Py_ssize_t bylen[MAX_RACK + 2];
            Py_ssize_t *order = NULL;
            int L;
            if (c->g->info[0] & (c->nb0 ? ALL_LETTERS : c->rmask0)) {
                char word[MAX_RACK];
                memcpy(c->rc, c->rack, sizeof(c->rc));
                left_parts(c, 0, word, 0, c->nb0, 0, 0, c->rmask0);
            }
            if (!c->error) {
                /* the left parts grouped by length, each group in walk order */
                order = (Py_ssize_t *)malloc(sizeof(Py_ssize_t) * (size_t)(c->nlps ? c->nlps : 1));
                if (order == NULL) {
                    PyErr_NoMemory();
                    c->error = 1;
                } else {
                    Py_ssize_t pos = 0;
                    for (L = 0; L <= c->maxleft + 1; L++)
                        bylen[L] = 0;
                    for (L = 0; L <= c->maxleft; L++) {
                        bylen[L] = pos;
                        for (k = 0; k < c->nlps; k++)
                            if (c->lps[k].len == L)
                                order[pos++] = k;
                    }
                    bylen[c->maxleft + 1] = pos;
                }
            }
            for (d = 0; d < 2 && !c->halt; d++) {
                for (i = 0; i < SIZE && !c->halt; i++) {
                    if (!has[d][i])
                        continue;
                    if (load_line(c, lines, d, i, &anchors[d][i]) <= 0) {
                        c->error = c->halt = 1;
                        break;
                    }
                    search_line(c, anchors[d][i], bylen, order);
                }
            }
            free(order);
        }
    }
    free(c->lps);
    if (c->error) {
        free(c);
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_RuntimeError, "move generation failed");
        return NULL;
    }
    result = c->halt || PyList_GET_SIZE(out) ? Py_True : Py_False;
    free(c);
    Py_INCREF(result);
    return result;
}

/* ------------------------------------------------------------------ */
/* A line's analysis (movegen.BoardAnalysis._compute, the cross-checks
 * included) */

static int tile_index(char ch) /* the letter index of a tile, -1 if empty */
{
    if (ch >= 'A' && ch <= 'Z')
        return ch - 'A';
    if (ch >= 'a' && ch <= 'z')
        return ch - 'a';
    return -1;
}

/* walk_tiles over the board's squares board[from * stride] to
 * board[(to - 1) * stride] (letters, lower case for a blank) */
static inline uint32_t walk_squares(const GraphObject *g, uint32_t node, const char *board, int stride, int from,
                                    int to)
{
    int q;
    for (q = from; q < to; q++) {
        int t = tile_index(board[q * stride]);
        if (!(g->info[node] & ((uint32_t)1 << t)))
            return NO_NODE;
        node = CHILD(g, node, t);
    }
    return node;
}

/* The letters L such that the tiles before, L, then the tiles after make a word. */
static uint32_t cross_check(const GraphObject *g, const char *board, int stride, int lo, int at, int hi)
{
    uint32_t node = walk_squares(g, 0, board, stride, lo, at), m, mask = 0;
    if (node == NO_NODE)
        return 0;
    m = g->info[node] & ALL_LETTERS;
    while (m) {
        int j = lowest_bit(m);
        uint32_t end = walk_squares(g, CHILD(g, node, j), board, stride, at + 1, hi + 1);
        m &= m - 1;
        if (end != NO_NODE && (g->info[end] & TERM))
            mask |= (uint32_t)1 << j;
    }
    return mask;
}

/* The square at of a perpendicular run lo..hi: its cross-check and the
 * face value of the run's tiles beside it (blanks count 0). */
static uint32_t cross_and_sum(const GraphObject *g, const char *perp, int stride, int lo, int at, int hi, long *sum)
{
    int q;
    *sum = 0;
    for (q = lo; q <= hi; q++) {
        char ch = perp[q * stride];
        if (q != at && ch >= 'A' && ch <= 'Z')
            *sum += g->values[ch - 'A'];
    }
    return cross_check(g, perp, stride, lo, at, hi);
}

static PyObject *int_list(const long *v, int n)
{
    PyObject *out = PyList_New(n);
    int k;
    if (out == NULL)
        return NULL;
    for (k = 0; k < n; k++) {
        PyObject *x = PyLong_FromLong(v[k]);
        if (x == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, k, x);
    }
    return out;
}

/* A line's packed analysis (F_* fields; the anchors' mask at F_ANCHORS)
 * on board, the 225 squares row by row ('.' empty, a lower-case letter a
 * blank). */
/* Cross-checks already worked out, by the runs of tiles before and after
 * the square (two hashes of their squares as written): a cache, each run
 * pair in one place (XC_BITS), the newest kept. */
#define XC_BITS 13
typedef struct {
    uint64_t a, b;
    uint32_t cc;
    int32_t xs;
} XCheck;

static void pack_line_x(const GraphObject *g, const char *board, int d, int i, int32_t *packed, XCheck *xc);

static void pack_line(const GraphObject *g, const char *board, int d, int i, int32_t *packed)
{
    pack_line_x(g, board, d, i, packed, NULL);
}

/* pack_line, the cross-checks from the cache xc where it has them (xc
 * NULL: none) */
static void pack_line_x(const GraphObject *g, const char *board, int d, int i, int32_t *packed, XCheck *xc)
{
    const char *cells;
    int step, stride, j;
    uint32_t amask = 0;
    /* along the line: step; across it (the perpendicular words): stride */
    if (d == 0) {
        cells = board + i * SIZE;
        step = 1;
        stride = SIZE;
    } else {
        cells = board + i;
        step = SIZE;
        stride = 1;
    }
    memset(packed, 0, sizeof(int32_t) * LINE_INTS);
    for (j = 0; j < SIZE; j++) {
        char ch = cells[j * step];
        int t = tile_index(ch);
        packed[F_LT + j] = t + 1;
        packed[F_BV + j] = (ch >= 'A' && ch <= 'Z') ? g->values[t] : 0;
        packed[F_CC + j] = (int32_t)ALL_LETTERS;
    }
    for (j = 0; j < SIZE; j++) {
        /* the perpendicular line through square j: board[base + q * stride] */
        const char *perp = d == 0 ? board + j : board + j * SIZE;
        if (packed[F_LT + j]) {
            packed[F_CC + j] = 0;
            continue;
        }
        if ((i > 0 && perp[(i - 1) * stride] != '.') || (i < SIZE - 1 && perp[(i + 1) * stride] != '.')) {
            int lo = i, hi = i, q;
            long sum = 0;
            while (lo > 0 && perp[(lo - 1) * stride] != '.')
                lo--;
            while (hi < SIZE - 1 && perp[(hi + 1) * stride] != '.')
                hi++;
            if (xc != NULL) {
                uint64_t a = 0x452821E638D01377ull, b = 0xBE5466CF34E90C6Cull;
                XCheck *x;
                for (q = lo; q <= hi; q++) {
                    uint64_t v = (uint64_t)(q == i ? 0x7E : (unsigned char)perp[q * stride]) | ((uint64_t)(q - lo) << 8);
                    a = (a ^ v) * 0x100000001B3ull;
                    a ^= a >> 29;
                    b = (b + v * 0x9E3779B97F4A7C15ull) ^ (b >> 31);
                    b *= 0xBF58476D1CE4E5B9ull;
                }
                a = splitmix(a ^ (uint64_t)(hi - lo));
                x = &xc[a >> (64 - XC_BITS)];
                if (x->a == a && x->b == b) {
                    packed[F_CC + j] = (int32_t)x->cc;
                    packed[F_XS + j] = x->xs;
                } else {
                    packed[F_CC + j] = (int32_t)cross_and_sum(g, perp, stride, lo, i, hi, &sum);
                    packed[F_XS + j] = (int32_t)sum;
                    x->a = a;
                    x->b = b;
                    x->cc = (uint32_t)packed[F_CC + j];
                    x->xs = (int32_t)sum;
                }
            } else {
                packed[F_CC + j] = (int32_t)cross_and_sum(g, perp, stride, lo, i, hi, &sum);
                packed[F_XS + j] = (int32_t)sum;
            }
            packed[F_XW + j] = g->wm[d][i][j];
            amask |= (uint32_t)1 << j;
        } else if ((j > 0 && packed[F_LT + j - 1]) || (j < SIZE - 1 && packed[F_LT + j + 1])) {
            amask |= (uint32_t)1 << j;
        }
    }
    packed[F_ANCHORS] = (int32_t)amask;
}

/* line(graph, board, direction, index): board is the 225 squares row by
 * row ('.' empty, a lower-case letter a blank). Returns (lt, bv, cc, xs,
 * xw, anchors, packed) as BoardAnalysis._compute makes them. */
static PyObject *analyse_line(PyObject *module, PyObject *args)
{
    GraphObject *g;
    const char *board;
    Py_ssize_t len;
    int d, i, j, nanch = 0;
    long lt[SIZE + 1], bv[SIZE], cc[SIZE], xs[SIZE], xw[SIZE], anchors[SIZE];
    int32_t packed[LINE_INTS];
    PyObject *items[7];
    PyObject *out;
    int k;
    (void)module;

    if (!PyArg_ParseTuple(args, "O!s#ii", &GraphType, &g, &board, &len, &d, &i))
        return NULL;
    if (len != SIZE * SIZE || d < 0 || d > 1 || i < 0 || i >= SIZE) {
        PyErr_SetString(PyExc_ValueError, "line(graph, board of 225 squares, direction 0 or 1, index 0-14)");
        return NULL;
    }
    pack_line(g, board, d, i, packed);
    for (j = 0; j < SIZE; j++) {
        int t = packed[F_LT + j] - 1;
        lt[j] = t >= 0 ? 1L << t : 0;
        bv[j] = packed[F_BV + j];
        cc[j] = (long)(uint32_t)packed[F_CC + j];
        xs[j] = packed[F_XS + j];
        xw[j] = packed[F_XW + j];
        if ((uint32_t)packed[F_ANCHORS] >> j & 1)
            anchors[nanch++] = j;
    }
    lt[SIZE] = -1;
    items[0] = int_list(lt, SIZE + 1);
    items[1] = int_list(bv, SIZE);
    items[2] = int_list(cc, SIZE);
    items[3] = int_list(xs, SIZE);
    items[4] = int_list(xw, SIZE);
    items[5] = int_list(anchors, nanch);
    items[6] = nanch ? PyBytes_FromStringAndSize((const char *)packed, (Py_ssize_t)sizeof(packed))
                     : PyBytes_FromStringAndSize("", 0);
    for (k = 0; k < 7; k++) {
        if (items[k] == NULL) {
            int q;
            for (q = 0; q < 7; q++)
                Py_XDECREF(items[q]);
            return NULL;
        }
    }
    out = PyTuple_New(7);
    if (out == NULL) {
        for (k = 0; k < 7; k++)
            Py_DECREF(items[k]);
        return NULL;
    }
    for (k = 0; k < 7; k++)
        PyTuple_SET_ITEM(out, k, items[k]);
    return out;
}

/* ================================================================== */
/*
 * The end-game search in C (endgame.py's EndgameSolver._search, the same
 * nodes in the same order, so the same values, depths and node counts).
 *
 * Endgame(graph, board, roots0, roots1, rack0, rack1, clock, every, bonus[, out_bonus]):
 * board the 225 squares ('.' empty, a lower-case letter a blank); rootsN
 * each side's root moves as (score, line bit, squares ((row, col, tile as
 * written), ...)), or None: generated here, in MoveGenerator.raw's order
 * (their other choices of blanks are made here when first needed,
 * eg_variants); rackN the racks (str, '?' a blank, 7 tiles at most);
 * clock a callable read every ``every`` nodes, where the Python search
 * reads it at each node; bonus the points for each tile a play puts down
 * in the order key (endgame.py's TILE_ORDER_BONUS: in effect the plays of
 * most tiles first, then by score); out_bonus (0 if not given) the points
 * for a play whose leave some root move of its side goes out with
 * (endgame.py's NEXT_OUT_BONUS). root_order() -> the mover's root moves (indexes)
 * in the order the root takes them; record(index) -> one as a generator
 * record; root_child(index, depth, alpha, deadline[, beta]) -> (value,
 * horizon reached) or None when the clock passed the deadline.
 *
 * A rack is two words of 4-bit counts (the letters A-P, then Q-Z and the
 * blank), the top bit of each count a guard for the subset test (counts
 * of 7 at most). The table is fixed in size (TT_BITS), in buckets of 4.
 */

#define EG_INF 1000000000
#define EG_ALL_DEPTHS (1 << 20) /* (the depths asked for: below EG_MOST_DEPTH) */
#define EG_MOST_DEPTH (1 << 16)
#define EG_EXACT 0
#define EG_LOWER 1
#define EG_UPPER 2
#define EG_TILES 7
#define EG_BLANK 26
#define NIBG 0x8888888888888888ull
#define TT_BITS 20
/* The most the line store and its moves may hold: past it the search
 * stops as when out of time (the table is fixed: 32 bytes an entry).
 * Between two root moves a store holding more than EG_RECYCLE (the
 * default of an Endgame's recycle_at) is emptied (eg_recycle), so only
 * one root move's search can reach EG_MEMORY. */
#define EG_MEMORY ((size_t)384 << 20)
#define EG_RECYCLE ((size_t)192 << 20)
#define OUT_SLOTS 2048

typedef struct {
    uint64_t lo, hi;
} Rack;

static Rack rk_one(int kind)
{
    Rack r = {0, 0};
    if (kind < 16)
        r.lo = (uint64_t)1 << (4 * kind);
    else
        r.hi = (uint64_t)1 << (4 * (kind - 16));
    return r;
}

static inline Rack rk_add(Rack a, Rack b)
{
    a.lo += b.lo;
    a.hi += b.hi;
    return a;
}

static inline Rack rk_sub(Rack a, Rack b)
{
    a.lo -= b.lo;
    a.hi -= b.hi;
    return a;
}

static inline int rk_eq(Rack a, Rack b) { return a.lo == b.lo && a.hi == b.hi; }
static inline int rk_empty(Rack a) { return !a.lo && !a.hi; }

static inline int rk_fits(Rack have, Rack need)
{
    return ((((have.lo | NIBG) - need.lo) & NIBG) == NIBG) && ((((have.hi | NIBG) - need.hi) & NIBG) == NIBG);
}

static inline int rk_blanks(Rack r) { return (int)(r.hi >> (4 * (EG_BLANK - 16)) & 15); }

static int popcount64(uint64_t x)
{
    int n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
}

/* the number of tile kinds have lacks for need */
static int rk_short(Rack have, Rack need)
{
    return popcount64(~((have.lo | NIBG) - need.lo) & NIBG) + popcount64(~((have.hi | NIBG) - need.hi) & NIBG);
}

static int rk_size(Rack r)
{
    int n = 0, k;
    for (k = 0; k < 16; k++) {
        n += (int)(r.lo >> (4 * k) & 15);
        n += (int)(r.hi >> (4 * k) & 15);
    }
    return n;
}

/* A move at a node: its squares (position 15 * row + col, tile as
 * written), the tiles used, the order key, the line's bit index; a root
 * move's other choices of blanks in vars (root >= 0: its index). */
typedef struct EMove {
    /* (what the search's loops read first; 64 bytes in all, a cache line
       in the pool, whose blocks are aligned to 64) */
    int order, score;
    Rack used;
    uint64_t z;
    int root;
    signed char line;
    signed char n;
    signed char s0, len; /* the word's span on its line (-1: not known) */
    uint8_t pos[EG_TILES];
    char ch[EG_TILES];
    int16_t nvars;
    struct EMove *vars;
} EMove;

/* (a move fits in a cache line) */
typedef char eg_move_fits_a_line[sizeof(EMove) <= 64 ? 1 : -1];

static EMove eg_pass_move; /* the table's pass (Python's 0) */
#define EG_COPY (-2) /* a move's root: the table's move copied by eg_recycle */

/* m is the table's move first: the same record, or first a copy of m's
 * twin made before the line store was emptied */
static inline int eg_same(const EMove *m, const EMove *first)
{
    return m == first || (first != NULL && first->root == EG_COPY && m->z == first->z && m->score == first->score &&
                          m->n == first->n && memcmp(m->ch, first->ch, (size_t)m->n) == 0);
}
#define EG_PASS (&eg_pass_move)

typedef struct {
    EMove **v;
    int n;
    size_t cap;
} MList;

static int ml_push(MList *l, EMove *m)
{
    if (grow(&l->v, &l->cap, (size_t)l->n + 1, sizeof(EMove *), 64, INT_MOST) < 0)
        return -1;
    l->v[l->n++] = m;
    return 0;
}

#define POOL_BLOCK 4096
typedef struct MBlock {
    EMove moves[POOL_BLOCK]; /* (at a multiple of 64) */
    struct MBlock *next;
    void *raw; /* what was allocated */
    int used;
} MBlock;

/* The line store's move lists, carved from blocks (never freed one by
 * one: they last as long as the search) */
#define VBLOCK 65536 /* (at least; a block is whole huge pages, 2 MB) */
typedef struct VBlock {
    struct VBlock *next;
    size_t used, cap;
    EMove *slots[1]; /* (cap of them) */
} VBlock;

/* the fitting root moves of a side by rack */
#define FIT_SLOTS 1024
typedef struct {
    int used;
    Rack rack;
    MList list;
} FitEntry;

/* A line state (endgame.py's line store key) and its moves by rack, in
 * the order the racks were stored */
typedef struct {
    int k;
    char lch[SIZE];
    int32_t cc[SIZE], xs[SIZE], xw[SIZE];
    int32_t anchors;
} LKey;

typedef struct {
    Rack rack;
    EMove **v;
    int n;
} ByRack;

typedef struct {
    ByRack *br; /* (in the order stored: the larger racks' moves are looked for there) */
    int nbr;
    size_t capbr;
    uint64_t hash;
    LKey key;
    int32_t packed[LINE_INTS];
} LEntry;

typedef struct {
    uint64_t a, b;
    LEntry *e;
} CtxEntry;

/* a line state's moves for a rack (as its ByRack's); LMV_WAYS kept a line */
#define LMV_WAYS 4
typedef struct {
    LEntry *e;
    Rack rack;
    EMove **v;
    int n;
} LineMoves;

/* the store's index: a line state's moves for a rack (a copy of its
 * ByRack's, found in one probe) */
typedef LineMoves BrIndex;


/* A table entry's value: the keys of a bucket's entries are apart from
 * their values (TTBucket), so a probe that finds nothing touches one
 * cache line. */
typedef struct {
    EMove *best;
    int32_t val;
    uint32_t depth : 24; /* EG_ALL_DEPTHS or a depth asked for */
    uint32_t flag : 2;
    uint32_t used : 1;
} TTE;

/* A bucket of 4 entries: their keys (position hash, racks' key), then
 * their values; 128 bytes, aligned to 64. */
typedef struct {
    uint64_t key[4][2];
    TTE data[4];
} TTBucket;

typedef struct {
    PyObject_HEAD
    GraphObject *g;
    PyObject *clock;
    long every, tick;
    int bonus; /* points a tile played in the order key */
    /* points in the order key for a play whose leave goes out next turn
       (a rack some root move of the side goes out with: the set outs) */
    int out_bonus;
    Rack outs[2][OUT_SLOTS];
    uint8_t outs_used[2][OUT_SLOTS];
    double deadline;
    long long nodes;
    int hit, stop;
    MList oo;  /* eg_leaf_sound's: the other side's outs standing at a leaf */
    char cells[SIZE * SIZE];
    char cellsT[SIZE * SIZE]; /* cells by column: cellsT[15 * c + r] */
    uint32_t occ[2 * SIZE];   /* the tiles of each line (bit: the place on it) */
    uint64_t h;
    uint32_t dirty;
    Rack racks[2];
    EMove *roots[2];
    int nroots[2];
    FitEntry *fit[2];
    LEntry **lines; /* an open-addressed table of the line states met */
    size_t lcap, lused;
    LEntry *lent[2 * SIZE]; /* each line's state now (kept for the lines changed since the root) */
    /* the line states by the tiles they are worked out from (the line's
       and the runs across it): two hashes and the state */
    CtxEntry *ctxs;
    size_t ccap, cused;
    CtxEntry near[2 * SIZE][256]; /* the line states last found, by line (a cache of ctxs) */
    BrIndex *bri;
    size_t bcap, bused;
    LineMoves lmv[2 * SIZE][LMV_WAYS]; /* each line's moves last found, the latest first */
    XCheck *xc; /* (1 << XC_BITS) cross-checks worked out */
    EMove **scratch; /* eg_order's */
    size_t scratch_cap;
    /* the generator's work: calls, lines generated, lines from the store,
       of which filtered from a larger rack's moves */
    long long gen_calls, gen_lines, line_hits, subset_hits;
    size_t recycle_at; /* eg_recycle past it, between root moves */
    long recycled;     /* how many times */
    size_t bytes; /* held by the line store and its moves (EG_MEMORY at most) */
    TTBucket *tt; /* 2^(TT_BITS - 2) buckets, 64-aligned */
    void *tt_block; /* (what tt is carved from) */
    size_t ttmask; /* of the buckets */
    MBlock *pool;
    /* the blocks of moves are carved EG_ARENA at a time from one
       allocation on huge pages (the first carved owns it: its raw) */
    char *arena;
    int arena_left;
    VBlock *vpool;
    Ctx *ctx;
    uint64_t zt[SIZE * SIZE][52];
    int face_of[27];
    /* the face value of a rack's byte b of lo (b < 8) or hi (8 + b) */
    int16_t ftab[14][256];
    /* the cross-word multipliers of the root board's lines (F_XW) */
    int32_t rootxw[2 * SIZE][SIZE];
} EgObject;

static uint64_t rk_hash(Rack r);

/* Whether some root move of side goes out with rack (the set outs) */
static int eg_next_out(const EgObject *s, int side, Rack rack)
{
    size_t slot = (size_t)(rk_hash(rack) & (OUT_SLOTS - 1));
    while (s->outs_used[side][slot]) {
        if (rk_eq(s->outs[side][slot], rack))
            return 1;
        slot = (slot + 1) & (OUT_SLOTS - 1);
    }
    return 0;
}

static void eg_outs_make(EgObject *s, int side)
{
    int k;
    for (k = 0; k < s->nroots[side]; k++) {
        Rack r = s->roots[side][k].used;
        size_t slot = (size_t)(rk_hash(r) & (OUT_SLOTS - 1)), n = 0;
        while (s->outs_used[side][slot] && !rk_eq(s->outs[side][slot], r) && n++ < OUT_SLOTS)
            slot = (slot + 1) & (OUT_SLOTS - 1);
        if (n >= OUT_SLOTS)
            return; /* full (cannot be: 2^7 parts of a rack, their blanks' letters) */
        s->outs_used[side][slot] = 1;
        s->outs[side][slot] = r;
    }
}

/* a move's order key at a node of side holding rack (the set outs looked
 * up for the leave each time: a move record has no room left in its cache
 * line to keep the last answer, and the set is small) */
static inline int eg_key(const EgObject *s, int side, const EMove *m, Rack rack)
{
    if (!s->out_bonus)
        return m->order;
    return eg_next_out(s, side, rk_sub(rack, m->used)) ? m->order + s->out_bonus : m->order;
}

static int eg_kind(char ch)
{
    if (ch == '?')
        return EG_BLANK;
    if (ch >= 'A' && ch <= 'Z')
        return ch - 'A';
    return -1;
}

static int zindex(char ch) { return ch >= 'a' ? 26 + (ch - 'a') : ch - 'A'; }

static int eg_face(const EgObject *s, Rack r)
{
    int v = 0, k;
    uint64_t x;
    for (k = 0, x = r.lo; x; k++, x >>= 8)
        v += s->ftab[k][x & 255];
    for (k = 8, x = r.hi; x; k++, x >>= 8)
        v += s->ftab[k][x & 255];
    return v;
}

static void eg_huge(void *p, size_t len);

/* size bytes (a multiple of 2 MB), freed with free(); on Linux at a 2 MB
 * boundary (aligned_alloc) with huge pages asked for under them; elsewhere
 * (no madvise to ask with, and no aligned_alloc on MinGW nor on macOS
 * before 10.15) plain malloc */
static void *eg_alloc_huge(size_t size)
{
#if defined(__linux__)
    void *p = aligned_alloc((size_t)1 << 21, size);
#else
    void *p = malloc(size);
#endif
    if (p != NULL)
        eg_huge(p, size);
    return p;
}

/* 15 blocks of moves (64-aligned) in 4 MB: two huge pages */
#define EG_ARENA 15
#define EG_MBLOCK_STRIDE ((sizeof(MBlock) + 63) & ~(size_t)63)
#define EG_ARENA_BYTES ((size_t)4 << 20)
typedef char eg_arena_fits[EG_ARENA * EG_MBLOCK_STRIDE + 63 <= EG_ARENA_BYTES ? 1 : -1];

static EMove *eg_new_move(EgObject *s)
{
    if (s->pool == NULL || s->pool->used == POOL_BLOCK) {
        void *raw = NULL;
        MBlock *b;
        if (s->arena_left == 0) {
            char *a = (char *)eg_alloc_huge(EG_ARENA_BYTES);
            if (a == NULL)
                return NULL;
            s->arena = a;
            s->arena_left = EG_ARENA;
            raw = a; /* (owned by the arena's first block) */
        }
        b = (MBlock *)((((uintptr_t)s->arena + 63) & ~(uintptr_t)63) + EG_MBLOCK_STRIDE * (size_t)(EG_ARENA - s->arena_left));
        s->arena_left--;
        b->raw = raw;
        s->bytes += sizeof(MBlock);
        b->next = s->pool;
        b->used = 0;
        s->pool = b;
    }
    return &s->pool->moves[s->pool->used++];
}

/* room for a list of n moves in the line store (n 0: one slot), or NULL */
static EMove **eg_new_list(EgObject *s, int n)
{
    size_t want = n > 0 ? (size_t)n : 1;
    VBlock *b = s->vpool;
    if (b == NULL || b->cap - b->used < want) {
        const size_t H = (size_t)1 << 21;
        size_t cap = want > VBLOCK ? want : VBLOCK;
        size_t size = (sizeof(VBlock) + sizeof(EMove *) * (cap - 1) + H - 1) & ~(H - 1);
        b = (VBlock *)eg_alloc_huge(size);
        if (b == NULL)
            return NULL;
        b->cap = (size - sizeof(VBlock)) / sizeof(EMove *) + 1;
        b->used = 0;
        b->next = s->vpool;
        s->vpool = b;
    }
    b->used += want;
    s->bytes += sizeof(EMove *) * want;
    return b->slots + (b->used - want);
}

/* the used tiles, order key and Zobrist of a move whose squares are set */
static void eg_finish_move(EgObject *s, EMove *m)
{
    int k;
    m->used.lo = m->used.hi = 0;
    m->z = 0;
    for (k = 0; k < m->n; k++) {
        char ch = m->ch[k];
        m->used = rk_add(m->used, rk_one(ch >= 'a' ? EG_BLANK : ch - 'A'));
        m->z ^= s->zt[m->pos[k]][zindex(ch)];
    }
    m->order = m->score + s->bonus * m->n;
}

/* a root move from (score, line bit, squares, ...) */
static int eg_read_move(EgObject *s, PyObject *t, EMove *m)
{
    PyObject *sq;
    long long lbit;
    Py_ssize_t n, k;
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) < 3) {
        PyErr_SetString(PyExc_TypeError, "a root move is (score, line bit, squares, variants)");
        return -1;
    }
    m->score = (int)PyLong_AsLong(PyTuple_GET_ITEM(t, 0));
    lbit = PyLong_AsLongLong(PyTuple_GET_ITEM(t, 1));
    if (PyErr_Occurred())
        return -1;
    m->line = 0;
    while (lbit > 1) {
        lbit >>= 1;
        m->line++;
    }
    sq = PyTuple_GET_ITEM(t, 2);
    if (!PyTuple_Check(sq) || (n = PyTuple_GET_SIZE(sq)) > EG_TILES || n < 1) {
        PyErr_SetString(PyExc_ValueError, "a root move's squares: a tuple of 1 to 7");
        return -1;
    }
    m->n = (int)n;
    for (k = 0; k < n; k++) {
        long r, c;
        const char *ch;
        PyObject *x = PyTuple_GET_ITEM(sq, k);
        if (!PyTuple_Check(x) || PyTuple_GET_SIZE(x) != 3) {
            PyErr_SetString(PyExc_TypeError, "a square is (row, col, tile)");
            return -1;
        }
        r = PyLong_AsLong(PyTuple_GET_ITEM(x, 0));
        c = PyLong_AsLong(PyTuple_GET_ITEM(x, 1));
        ch = PyUnicode_AsUTF8(PyTuple_GET_ITEM(x, 2));
        if (ch == NULL || PyErr_Occurred())
            return -1;
        if (r < 0 || r >= SIZE || c < 0 || c >= SIZE || !((ch[0] >= 'A' && ch[0] <= 'Z') || (ch[0] >= 'a' && ch[0] <= 'z'))) {
            PyErr_SetString(PyExc_ValueError, "a square off the board or not a tile");
            return -1;
        }
        m->pos[k] = (uint8_t)(r * SIZE + c);
        m->ch[k] = ch[0];
    }
    m->root = -1;
    m->vars = NULL;
    m->nvars = 0;
    m->s0 = m->len = -1;
    eg_finish_move(s, m);
    return 0;
}

/* Best first: outs, then by order key, a stable sort (merge sort). */
static void eg_merge(EMove **a, EMove **tmp, int n)
{
    int mid, i, j, k;
    if (n < 2)
        return;
    if (n < 12) {
        for (i = 1; i < n; i++) {
            EMove *x = a[i];
            j = i;
            while (j > 0 && a[j - 1]->order < x->order) {
                a[j] = a[j - 1];
                j--;
            }
            a[j] = x;
        }
        return;
    }
    mid = n / 2;
    eg_merge(a, tmp, mid);
    eg_merge(a + mid, tmp, n - mid);
    i = 0;
    j = mid;
    k = 0;
    while (i < mid && j < n)
        tmp[k++] = a[j]->order > a[i]->order ? a[j++] : a[i++];
    while (i < mid)
        tmp[k++] = a[i++];
    while (j < n)
        tmp[k++] = a[j++];
    memcpy(a, tmp, sizeof(EMove *) * (size_t)n);
}

typedef struct {
    EMove *m;
    int out, key, pos;
} OItem;

static int oitem_cmp(const void *x, const void *y)
{
    const OItem *a = (const OItem *)x, *b = (const OItem *)y;
    if (a->out != b->out)
        return b->out - a->out;
    if (a->key != b->key)
        return a->key > b->key ? -1 : 1;
    return a->pos - b->pos;
}

static int eg_order(EgObject *s, int side, MList *l, Rack rack)
{
    EMove **tmp;
    int n = l->n, k, outs = 0, rest;
    if (n < 2)
        return 0;
    if (s->out_bonus) {
        OItem *it = (OItem *)malloc(sizeof(OItem) * (size_t)n);
        if (it == NULL)
            return -1;
        for (k = 0; k < n; k++) {
            it[k].m = l->v[k];
            it[k].out = rk_eq(l->v[k]->used, rack);
            it[k].key = eg_key(s, side, l->v[k], rack);
            it[k].pos = k;
        }
        qsort(it, (size_t)n, sizeof(OItem), oitem_cmp);
        for (k = 0; k < n; k++)
            l->v[k] = it[k].m;
        free(it);
        return 0;
    }
    if (grow(&s->scratch, &s->scratch_cap, (size_t)n * 2, sizeof(EMove *), 256, SSIZE_MOST) < 0)
        return -1;
    tmp = s->scratch;
    for (k = 0; k < n; k++)
        if (rk_eq(l->v[k]->used, rack))
            tmp[outs++] = l->v[k];
    rest = outs;
    for (k = 0; k < n; k++)
        if (!rk_eq(l->v[k]->used, rack))
            tmp[rest++] = l->v[k];
    memcpy(l->v, tmp, sizeof(EMove *) * (size_t)n);
    eg_merge(l->v, tmp + n, outs);
    eg_merge(l->v + outs, tmp + n, n - outs);
    return 0;
}

static uint64_t rk_hash(Rack r) { return splitmix(r.lo ^ splitmix(r.hi + 0x1234567ull)); }

/* A root move's other choices of blanks, best first (endgame.py's
 * _blank_variants, movegen's Move.blank_choices): every choice of squares
 * for the blanks the side's root rack holds whose real tiles that rack
 * holds, scored on the root board, less the move's own choice. */
static int eg_variants(EgObject *s, int side, EMove *m)
{
    Rack rack = s->racks[side];
    int blanks = rk_blanks(rack), n = m->n, k, d = m->line / SIZE, i = m->line % SIZE;
    int jpos[EG_TILES], letter[EG_TILES], pen[EG_TILES], real[26], need[26];
    long base = m->score, wmul = 1;
    int nout = 0, chosen;
    struct {
        long score;
        uint32_t mask;
        int set;
    } out[1 << EG_TILES], tmp;
    uint32_t own = 0;
    for (k = 0; k < 26; k++) {
        real[k] = k < 16 ? (int)(rack.lo >> (4 * k) & 15) : (int)(rack.hi >> (4 * (k - 16)) & 15);
        need[k] = 0;
    }
    for (k = 0; k < n; k++) {
        int r = m->pos[k] / SIZE, c = m->pos[k] % SIZE;
        jpos[k] = d == 0 ? c : r;
        letter[k] = m->ch[k] >= 'a' ? m->ch[k] - 'a' : m->ch[k] - 'A';
        need[letter[k]]++;
        if (m->ch[k] >= 'a')
            own |= (uint32_t)1 << jpos[k];
        wmul *= s->g->wm[d][i][jpos[k]];
    }
    for (k = 0; k < n; k++) {
        pen[k] = s->g->values[letter[k]] * s->g->lm[d][i][jpos[k]] * (int)(wmul + s->rootxw[m->line][jpos[k]]);
        if (own >> jpos[k] & 1)
            base += pen[k];
    }
    for (chosen = 0; chosen < (1 << n); chosen++) {
        int used[26], ok = 1, cnt = 0;
        long score = base;
        uint32_t mask = 0;
        memset(used, 0, sizeof(used));
        for (k = 0; k < n; k++) {
            if (chosen >> k & 1) {
                cnt++;
                used[letter[k]]++;
                score -= pen[k];
                mask |= (uint32_t)1 << jpos[k];
            }
        }
        if (cnt > blanks)
            continue;
        for (k = 0; k < 26 && ok; k++)
            if (need[k] - used[k] > real[k])
                ok = 0;
        if (!ok || mask == own)
            continue;
        out[nout].score = score;
        out[nout].mask = mask;
        out[nout].set = chosen;
        nout++;
    }
    /* best first, ties by the mask */
    for (k = 1; k < nout; k++) {
        int j = k;
        tmp = out[k];
        while (j > 0 && (out[j - 1].score < tmp.score || (out[j - 1].score == tmp.score && out[j - 1].mask > tmp.mask))) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = tmp;
    }
    m->nvars = 0;
    m->vars = NULL;
    if (!nout)
        return 0;
    m->vars = (EMove *)calloc((size_t)nout, sizeof(EMove));
    if (m->vars == NULL)
        return -1;
    for (k = 0; k < nout; k++) {
        EMove *v = &m->vars[k];
        int q;
        *v = *m;
        v->vars = NULL;
        v->nvars = 0;
        v->score = (int)out[k].score;
        for (q = 0; q < n; q++)
            v->ch[q] = (char)((out[k].set >> q & 1) ? 'a' + letter[q] : 'A' + letter[q]);
        eg_finish_move(s, v);
    }
    m->nvars = nout;
    return 0;
}

/* The root moves of side that rack still makes, ordered (endgame.py's
 * fitting and _fitting_moves). */
static MList *eg_fitting(EgObject *s, int side, Rack rack)
{
    FitEntry *tab = s->fit[side];
    size_t slot = (size_t)(rk_hash(rack) & (FIT_SLOTS - 1));
    FitEntry *e;
    int k, blanks, size;
    Rack have = rack;
    while (tab[slot].used && !rk_eq(tab[slot].rack, rack))
        slot = (slot + 1) & (FIT_SLOTS - 1);
    e = &tab[slot];
    if (e->used)
        return &e->list;
    blanks = rk_blanks(rack);
    size = rk_size(rack);
    for (k = 0; k < s->nroots[side]; k++) {
        EMove *m = &s->roots[side][k];
        if (rk_fits(have, m->used)) {
            if (ml_push(&e->list, m) < 0)
                return NULL;
        } else if (blanks && m->n <= size && rk_short(have, m->used) <= blanks) {
            int v;
            if (m->nvars < 0 && eg_variants(s, side, m) < 0)
                return NULL;
            for (v = 0; v < m->nvars; v++) {
                if (rk_fits(have, m->vars[v].used)) {
                    if (ml_push(&e->list, &m->vars[v]) < 0)
                        return NULL;
                    break;
                }
            }
        }
    }
    if (eg_order(s, side, &e->list, rack) < 0)
        return NULL;
    e->used = 1;
    e->rack = rack;
    return &e->list;
}

static inline int highest_bit(uint32_t x) /* x != 0 */
{
#if defined(__GNUC__) || defined(__clang__)
    return 31 - __builtin_clz(x);
#else
    int n = 0;
    while (x >>= 1)
        n++;
    return n;
#endif
}

/* endgame.py's changed_lines (m's tiles on the board): the rows and
 * columns through each tile and next to it, and the lines just past the
 * ends of the runs of tiles through it (from the lines' tiles, s->occ). */
static uint32_t eg_changed(const EgObject *s, const EMove *m)
{
    uint32_t bits = 0;
    int k;
    for (k = 0; k < m->n; k++) {
        int r = m->pos[k] / SIZE, c = m->pos[k] % SIZE;
        uint32_t free_, below, above;
        /* the rows r - 1 to r + 1 and the columns c - 1 to c + 1 */
        bits |= ((((uint32_t)7 << r) >> 1) & 0x7FFFu) | (((((uint32_t)7 << c) >> 1) & 0x7FFFu) << SIZE);
        /* the run down column c through r: the rows just before and after
           it (free_ has the bits from 15 on set: above is never 0) */
        free_ = ~s->occ[SIZE + c];
        below = free_ & (((uint32_t)1 << r) - 1);
        above = free_ >> r;
        if (below)
            bits |= (uint32_t)1 << highest_bit(below);
        bits |= ((uint32_t)1 << (r + lowest_bit(above))) & 0x7FFFu;
        /* the run along row r through c: the columns just before and after */
        free_ = ~s->occ[r];
        below = free_ & (((uint32_t)1 << c) - 1);
        above = free_ >> c;
        if (below)
            bits |= (uint32_t)1 << (SIZE + highest_bit(below));
        bits |= (((uint32_t)1 << (c + lowest_bit(above))) & 0x7FFFu) << SIZE;
    }
    return bits;
}


/* Put m down: the board, its hash, the lines changed and their states
 * (the old states of the lines in the returned *changed kept in saved).
 * Returns the old dirty mask; -1 in *changed when out of memory (m is
 * then taken off again). */
static uint32_t eg_apply(EgObject *s, const EMove *m, LEntry **saved, uint32_t *changed)
{
    int k;
    uint32_t old = s->dirty, ch, x;
    for (k = 0; k < m->n; k++) {
        int p = m->pos[k], r = p / SIZE, c = p % SIZE;
        s->cells[p] = m->ch[k];
        s->cellsT[c * SIZE + r] = m->ch[k];
        s->occ[r] |= (uint32_t)1 << c;
        s->occ[SIZE + c] |= (uint32_t)1 << r;
    }
    s->h ^= m->z;
    ch = eg_changed(s, m);
    for (x = ch; x; x &= x - 1) {
        k = lowest_bit(x);
        saved[k] = s->lent[k];
        s->lent[k] = NULL; /* found when first needed (eg_line_moves) */
    }
    *changed = ch;
    s->dirty = old | ch;
    return old;
}

static void eg_undo(EgObject *s, const EMove *m, uint32_t dirty, LEntry **saved, uint32_t changed)
{
    int k;
    for (k = 0; k < m->n; k++) {
        int p = m->pos[k], r = p / SIZE, c = p % SIZE;
        s->cells[p] = '.';
        s->cellsT[c * SIZE + r] = '.';
        s->occ[r] &= ~((uint32_t)1 << c);
        s->occ[SIZE + c] &= ~((uint32_t)1 << r);
    }
    s->h ^= m->z;
    s->dirty = dirty;
    for (; changed; changed &= changed - 1) {
        k = lowest_bit(changed);
        s->lent[k] = saved[k];
    }
}

/* -- the line store ------------------------------------------------- */

static uint64_t lkey_hash(const LKey *key)
{
    uint64_t w[(sizeof(LKey) + 7) / 8];
    size_t k;
    uint64_t h = 1469598103934665603ull;
    memset(w, 0, sizeof(w));
    memcpy(w, key, sizeof(LKey));
    for (k = 0; k < sizeof(w) / 8; k++)
        h = (h ^ w[k]) * 0x100000001B3ull + (h >> 29);
    return splitmix(h);
}

/* Ask for huge pages (2 MB) under a large table just allocated (len
 * bytes at p), where the system gives them on request (Linux's
 * transparent huge pages in "madvise" mode): the end-game search's
 * tables are probed at random, and with 4 KB pages nearly every probe of
 * a table of tens of MB also misses the TLB. Only the table's whole 2 MB
 * pages inside it; nothing is moved or touched; a refusal is harmless. */
static void eg_huge(void *p, size_t len)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const uintptr_t H = (uintptr_t)1 << 21;
    uintptr_t a = ((uintptr_t)p + H - 1) & ~(H - 1), b = ((uintptr_t)p + len) & ~(H - 1);
    if (p != NULL && b > a)
        (void)madvise((void *)a, (size_t)(b - a), MADV_HUGEPAGE);
#else
    (void)p;
    (void)len;
#endif
}

static int eg_lines_grow(EgObject *s)
{
    size_t cap = s->lcap ? 2 * s->lcap : 1024, k;
    LEntry **grown = (LEntry **)calloc(cap, sizeof(LEntry *));
    if (grown == NULL)
        return -1;
    eg_huge(grown, cap * sizeof(LEntry *));
    for (k = 0; k < s->lcap; k++) {
        if (s->lines[k] != NULL) {
            size_t slot = (size_t)(s->lines[k]->hash & (cap - 1));
            while (grown[slot] != NULL)
                slot = (slot + 1) & (cap - 1);
            grown[slot] = s->lines[k];
        }
    }
    free(s->lines);
    s->lines = grown;
    s->bytes += cap * sizeof(LEntry *);
    s->lcap = cap;
    return 0;
}

/* Two hashes of what line k's analysis is made from: its squares, and
 * the runs of tiles across it next to each empty square. They are hashed
 * as one string, a word at a time: the line's 15 squares, then for each
 * empty square with tiles across it next to it, 0x80 + its place, the
 * run before it, 0x7E, the run after it (letters never take those
 * values, so the string tells the context). */
static void line_context(const EgObject *s, int k, uint64_t *ha, uint64_t *hb)
{
    int i = k % SIZE, d = k / SIZE, n = SIZE, w;
    /* a line's squares, and a line across it (by its index j) */
    const char *lane = (d == 0 ? s->cells : s->cellsT) + i * SIZE;
    const char *across = d == 0 ? s->cellsT : s->cells;
    const uint32_t *occ_across = s->occ + SIZE * (1 - d);
    uint32_t adj = ((i > 0 ? s->occ[k - 1] : 0) | (i < SIZE - 1 ? s->occ[k + 1] : 0)) & ~s->occ[k];
    unsigned char str[SIZE * (2 * SIZE + 1) + 16];
    uint64_t a = 0x243F6A8885A308D3ull ^ (uint64_t)k, b = 0x13198A2E03707344ull + (uint64_t)k;
    memcpy(str, lane, SIZE);
    for (; adj; adj &= adj - 1) {
        int j = lowest_bit(adj), lo, hi;
        uint32_t free_ = ~occ_across[j];
        const char *perp = across + j * SIZE;
        uint32_t below = free_ & (((uint32_t)1 << i) - 1);
        lo = below ? highest_bit(below) + 1 : 0;
        hi = i + 1 + lowest_bit(free_ >> (i + 1)); /* (free_ has bits 15 on) */
        str[n++] = (unsigned char)(0x80 + j);
        memcpy(str + n, perp + lo, (size_t)(i - lo));
        n += i - lo;
        str[n++] = 0x7E;
        memcpy(str + n, perp + i + 1, (size_t)(hi - i - 1));
        n += hi - i - 1;
    }
    memset(str + n, 0, 8);
    for (w = 0; w < n; w += 8) {
        uint64_t v;
        memcpy(&v, str + w, 8);
        a = (a ^ v) * 0x100000001B3ull;
        a ^= a >> 29;
        b = (b + v * 0x9E3779B97F4A7C15ull) ^ (b >> 31);
        b *= 0xBF58476D1CE4E5B9ull;
    }
    *ha = splitmix(a ^ (uint64_t)n);
    *hb = b ^ (uint64_t)n;
}

static LEntry *eg_line_state_new(EgObject *s, int k);

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(p) __builtin_prefetch(p)
#else
#define PREFETCH(p) ((void)(p))
#endif

/* The stored state of line k on the board now (made when first met), a
 * and b its context's hashes (line_context). */
static LEntry *eg_line_state(EgObject *s, int k, uint64_t a, uint64_t b)
{
    size_t slot;
    LEntry *e;
    CtxEntry *near;
    if ((s->cused + 1) * 2 > s->ccap) {
        size_t cap = s->ccap ? 2 * s->ccap : 4096, x;
        CtxEntry *grown = (CtxEntry *)calloc(cap, sizeof(CtxEntry));
        eg_huge(grown, cap * sizeof(CtxEntry));
        if (grown == NULL)
            return NULL;
        for (x = 0; x < s->ccap; x++) {
            if (s->ctxs[x].e != NULL) {
                size_t y = (size_t)(s->ctxs[x].a & (cap - 1));
                while (grown[y].e != NULL)
                    y = (y + 1) & (cap - 1);
                grown[y] = s->ctxs[x];
            }
        }
        free(s->ctxs);
        s->ctxs = grown;
        s->bytes += cap * sizeof(CtxEntry);
        s->ccap = cap;
    }
    near = &s->near[k][(a >> 40) & 255];
    if (near->e != NULL && near->a == a && near->b == b)
        return near->e;
    slot = (size_t)(a & (s->ccap - 1));
    while (s->ctxs[slot].e != NULL) {
        if (s->ctxs[slot].a == a && s->ctxs[slot].b == b) {
            *near = s->ctxs[slot];
            return s->ctxs[slot].e;
        }
        slot = (slot + 1) & (s->ccap - 1);
    }
    e = eg_line_state_new(s, k);
    if (e == NULL)
        return NULL;
    s->ctxs[slot].a = a;
    s->ctxs[slot].b = b;
    s->ctxs[slot].e = e;
    s->cused++;
    *near = s->ctxs[slot];
    return e;
}

/* The line state of line k on the board now, from its analysis. */
static LEntry *eg_line_state_new(EgObject *s, int k)
{
    int32_t packed[LINE_INTS];
    LKey key;
    LEntry *e;
    uint64_t h;
    size_t slot;
    int j;
    if ((s->lused + 1) * 2 > s->lcap && eg_lines_grow(s) < 0)
        return NULL;
    pack_line_x(s->g, s->cells, k / SIZE, k % SIZE, packed, s->xc);
    memset(&key, 0, sizeof(key));
    key.k = k;
    for (j = 0; j < SIZE; j++) {
        key.lch[j] = k < SIZE ? s->cells[k * SIZE + j] : s->cells[j * SIZE + (k - SIZE)];
        key.cc[j] = packed[F_CC + j];
        key.xs[j] = packed[F_XS + j];
        key.xw[j] = packed[F_XW + j];
    }
    key.anchors = packed[F_ANCHORS];
    h = lkey_hash(&key);
    slot = (size_t)(h & (s->lcap - 1));
    while (s->lines[slot] != NULL) {
        if (s->lines[slot]->hash == h && memcmp(&s->lines[slot]->key, &key, sizeof(LKey)) == 0)
            return s->lines[slot];
        slot = (slot + 1) & (s->lcap - 1);
    }
    e = (LEntry *)calloc(1, sizeof(LEntry));
    if (e == NULL)
        return NULL;
    s->bytes += sizeof(LEntry);
    e->hash = h;
    e->key = key;
    memcpy(e->packed, packed, sizeof(packed));
    s->lines[slot] = e;
    s->lused++;
    return e;
}

/* the index's hash of (e, rack), rh the rack's rk_hash */
static inline uint64_t bri_hash_rh(const LEntry *e, uint64_t rh)
{
    return splitmix((uint64_t)(uintptr_t)e ^ rh);
}

static uint64_t bri_hash(const LEntry *e, Rack rack)
{
    return bri_hash_rh(e, rk_hash(rack));
}

/* the moves of rack (rh: its rk_hash) stored for the line state e, or NULL */
static const BrIndex *eg_by_rack_find(const EgObject *s, const LEntry *e, Rack rack, uint64_t rh)
{
    size_t slot;
    if (!s->bcap)
        return NULL;
    slot = (size_t)(bri_hash_rh(e, rh) & (s->bcap - 1));
    while (s->bri[slot].e != NULL) {
        if (s->bri[slot].e == e && rk_eq(s->bri[slot].rack, rack))
            return &s->bri[slot];
        slot = (slot + 1) & (s->bcap - 1);
    }
    return NULL;
}

static int eg_bri_put(EgObject *s, LEntry *e, Rack rack, EMove **v, int n)
{
    size_t slot;
    if ((s->bused + 1) * 2 > s->bcap) {
        size_t cap = s->bcap ? 2 * s->bcap : 4096, x;
        BrIndex *grown = (BrIndex *)calloc(cap, sizeof(BrIndex));
        eg_huge(grown, cap * sizeof(BrIndex));
        if (grown == NULL)
            return -1;
        for (x = 0; x < s->bcap; x++) {
            if (s->bri[x].e != NULL) {
                size_t y = (size_t)(bri_hash(s->bri[x].e, s->bri[x].rack) & (cap - 1));
                while (grown[y].e != NULL)
                    y = (y + 1) & (cap - 1);
                grown[y] = s->bri[x];
            }
        }
        free(s->bri);
        s->bri = grown;
        s->bytes += cap * sizeof(BrIndex);
        s->bcap = cap;
    }
    slot = (size_t)(bri_hash(e, rack) & (s->bcap - 1));
    while (s->bri[slot].e != NULL)
        slot = (slot + 1) & (s->bcap - 1);
    s->bri[slot].e = e;
    s->bri[slot].rack = rack;
    s->bri[slot].v = v;
    s->bri[slot].n = n;
    s->bused++;
    return 0;
}

/* Store the moves v[0:n] of rack for the line state e (v then held by e). */
static int eg_by_rack_add(EgObject *s, LEntry *e, Rack rack, EMove **v, int n)
{
    if (grow(&e->br, &e->capbr, (size_t)e->nbr + 1, sizeof(ByRack), 4, INT_MOST) < 0)
        return -1;
    e->br[e->nbr].rack = rack;
    e->br[e->nbr].v = v;
    e->br[e->nbr].n = n;
    e->nbr++;
    return eg_bri_put(s, e, rack, v, n);
}

/* Generate the records of rack on the lines of mask ``missing`` (packed
 * analyses in packed[15 * d + i]) into s->ctx->recs (generate()'s
 * search, the left parts made once for all the lines). */
static int eg_generate(EgObject *s, Rack rack, uint32_t missing, int32_t (*packed)[LINE_INTS])
{
    Ctx *c = s->ctx;
    int k, d, i, a, L;
    uint32_t anchors[2 * SIZE];
    Py_ssize_t bylen[MAX_RACK + 2];
    Py_ssize_t *order = NULL;
    memset(c, 0, sizeof(Ctx) - 0);
    c->recs = NULL;
    c->g = s->g;
    c->out = NULL;
    for (k = 0; k < 27; k++) {
        int n = k < 16 ? (int)(rack.lo >> (4 * k) & 15) : (int)(rack.hi >> (4 * (k - 16)) & 15);
        if (!n)
            continue;
        c->ntiles += n;
        if (k == EG_BLANK) {
            c->nb0 = n;
        } else {
            c->rack[k] = n;
            c->rmask0 |= (uint32_t)1 << k;
        }
    }
    for (k = 0; k < MAX_RACK + 2; k++)
        c->bon[k] = k == 7 ? s->g->bingo : 0;
    c->maxleft = 0;
    for (k = 0; k < 2 * SIZE; k++) {
        int prev = -1;
        anchors[k] = 0;
        if (!(missing >> k & 1))
            continue;
        if (!load_raw(c, packed[k], k / SIZE, k % SIZE, &anchors[k]))
            continue;
        for (a = 0; a < SIZE; a++) {
            if (!(anchors[k] >> a & 1))
                continue;
            if (!(a > 0 && c->lt[a - 1] > 0) && a - prev - 1 > c->maxleft)
                c->maxleft = a - prev - 1;
            prev = a;
        }
    }
    if (c->maxleft > c->ntiles - 1)
        c->maxleft = c->ntiles - 1;
    if (c->g->info[0] & (c->nb0 ? ALL_LETTERS : c->rmask0)) {
        char word[MAX_RACK];
        memcpy(c->rc, c->rack, sizeof(c->rc));
        left_parts(c, 0, word, 0, c->nb0, 0, 0, c->rmask0);
    }
    if (!c->error) {
        Py_ssize_t pos = 0;
        order = (Py_ssize_t *)malloc(sizeof(Py_ssize_t) * (size_t)(c->nlps ? c->nlps : 1));
        if (order == NULL) {
            c->error = 1;
        } else {
            for (L = 0; L <= c->maxleft + 1; L++)
                bylen[L] = 0;
            for (L = 0; L <= c->maxleft; L++) {
                bylen[L] = pos;
                for (k = 0; k < c->nlps; k++)
                    if (c->lps[k].len == L)
                        order[pos++] = k;
            }
            bylen[c->maxleft + 1] = pos;
        }
    }
    for (d = 0; d < 2 && !c->halt && !c->error; d++) {
        for (i = 0; i < SIZE && !c->halt; i++) {
            uint32_t an;
            if (!anchors[SIZE * d + i])
                continue;
            if (load_raw(c, packed[SIZE * d + i], d, i, &an) <= 0)
                continue;
            search_line(c, an, bylen, order);
        }
    }
    free(order);
    free(c->lps);
    c->lps = NULL;
    return c->error ? -1 : 0;
}

/* The move of a generator record on its line (packed: the line's analysis). */
static void eg_rec_move(EgObject *s, const Rec *r, const int32_t *packed, EMove *m)
{
    int j, n = 0, k = SIZE * r->d + r->li;
    m->score = r->score;
    m->line = k;
    for (j = 0; j < r->len; j++) {
        int p = r->s0 + j, row, col;
        if (packed[F_LT + p])
            continue;
        row = k < SIZE ? k : p;
        col = k < SIZE ? p : k - SIZE;
        m->pos[n] = (uint8_t)(row * SIZE + col);
        m->ch[n] = (r->bm >> p & 1) ? (char)(r->word[j] - 'A' + 'a') : r->word[j];
        n++;
    }
    m->n = n;
    m->root = -1;
    m->vars = NULL;
    m->nvars = 0;
    m->s0 = r->s0;
    m->len = r->len;
    eg_finish_move(s, m);
}

/* The moves of rack on each line changed since the root (endgame.py's
 * fresh and _line_moves: each changed line's moves from the line store,
 * or filtered from a larger rack's there, or generated): lv[k], ln[k] for
 * the lines k of s->dirty. The moves of a (line state, rack) last found
 * on a line are kept beside the line (s->lmv): a node's siblings ask
 * for the same on the lines the move between them left alone. */
static int eg_line_moves_on(EgObject *s, Rack rack, uint32_t dirty, EMove ***lv, int *ln)
{
    LEntry **entries = s->lent;
    int32_t packed[2 * SIZE][LINE_INTS];
    uint64_t ca[2 * SIZE], cb[2 * SIZE], rh = rk_hash(rack);
    uint32_t missing = 0, found = 0, fresh = 0, ask = 0, x;
    int k, no_blank = rk_blanks(rack) == 0;
    /* In steps, so that the lines' lookups, each a likely cache miss,
       overlap: the contexts of the lines without a state, their places
       in the context caches fetched; their states; the lines' recent
       racks, and the index's places of the others fetched; then those. */
    for (x = dirty; x; x &= x - 1) {
        k = lowest_bit(x);
        if (entries[k] == NULL) {
            line_context(s, k, &ca[k], &cb[k]);
            PREFETCH(&s->near[k][(ca[k] >> 40) & 255]);
            if (s->ccap)
                PREFETCH(&s->ctxs[ca[k] & (s->ccap - 1)]);
            fresh |= (uint32_t)1 << k;
        }
    }
    for (x = fresh; x; x &= x - 1) {
        k = lowest_bit(x);
        if ((entries[k] = eg_line_state(s, k, ca[k], cb[k])) == NULL)
            return -1;
    }
    for (x = dirty; x; x &= x - 1) {
        LEntry *e;
        LineMoves *lm;
        int b;
        k = lowest_bit(x);
        e = entries[k];
        lm = s->lmv[k];
        for (b = 0; b < LMV_WAYS; b++)
            if (lm[b].e == e && rk_eq(lm[b].rack, rack))
                break;
        if (b < LMV_WAYS) {
            LineMoves t = lm[b];
            memmove(lm + 1, lm, sizeof(LineMoves) * (size_t)b);
            lm[0] = t;
            lv[k] = t.v;
            ln[k] = t.n;
            s->line_hits++;
            continue;
        }
        if (s->bcap)
            PREFETCH(&s->bri[bri_hash_rh(e, rh) & (s->bcap - 1)]);
        ask |= (uint32_t)1 << k;
    }
    for (x = ask; x; x &= x - 1) {
        LEntry *e;
        const BrIndex *got;
        int b;
        k = lowest_bit(x);
        e = entries[k];
        got = eg_by_rack_find(s, e, rack, rh);
        if (got != NULL) {
            lv[k] = got->v;
            ln[k] = got->n;
            found |= (uint32_t)1 << k;
            s->line_hits++;
            continue;
        }
        if (no_blank) {
            for (b = 0; b < e->nbr; b++) {
                if (rk_fits(e->br[b].rack, rack)) { /* a larger rack */
                    int y, n = e->br[b].n;
                    EMove **src = e->br[b].v;
                    EMove **v = eg_new_list(s, n);
                    int m = 0;
                    if (v == NULL)
                        return -1;
                    for (y = 0; y < n; y++)
                        if (rk_fits(rack, src[y]->used))
                            v[m++] = src[y];
                    if (eg_by_rack_add(s, e, rack, v, m) < 0)
                        return -1;
                    s->subset_hits++;
                    lv[k] = v;
                    ln[k] = m;
                    found |= (uint32_t)1 << k;
                    s->line_hits++;
                    break;
                }
            }
            if (found >> k & 1)
                continue;
        }
        missing |= (uint32_t)1 << k;
        memcpy(packed[k], e->packed, sizeof(packed[k]));
        s->gen_lines++;
    }
    if (missing)
        s->gen_calls++;
    if (missing) {
        Ctx *c = s->ctx;
        int start = 0;
        if (eg_generate(s, rack, missing, packed) < 0) {
            free(c->recs);
            c->recs = NULL;
            return -1;
        }
        for (x = missing; x; x &= x - 1) {
            EMove **v;
            int line_n = 0, y;
            k = lowest_bit(x);
            /* the records of line k: consecutive, lines in order */
            while (start + line_n < c->nrecs && SIZE * c->recs[start + line_n].d + c->recs[start + line_n].li == k)
                line_n++;
            v = eg_new_list(s, line_n);
            if (v == NULL)
                goto nomem;
            for (y = 0; y < line_n; y++) {
                EMove *m = eg_new_move(s);
                if (m == NULL)
                    goto nomem;
                eg_rec_move(s, &c->recs[start + y], packed[k], m);
                v[y] = m;
            }
            if (eg_by_rack_add(s, entries[k], rack, v, line_n) < 0)
                goto nomem;
            start += line_n;
            lv[k] = v;
            ln[k] = line_n;
        }
        free(c->recs);
        c->recs = NULL;
        c->nrecs = 0;
        c->caprecs = 0;
    }
    for (x = found | missing; x; x &= x - 1) {
        LineMoves *lm;
        k = lowest_bit(x);
        lm = s->lmv[k];
        memmove(lm + 1, lm, sizeof(LineMoves) * (LMV_WAYS - 1));
        lm[0].e = entries[k];
        lm[0].rack = rack;
        lm[0].v = lv[k];
        lm[0].n = ln[k];
    }
    return 0;
nomem:
    free(s->ctx->recs);
    s->ctx->recs = NULL;
    return -1;
}

static int eg_line_moves(EgObject *s, Rack rack, EMove ***lv, int *ln)
{
    return eg_line_moves_on(s, rack, s->dirty, lv, ln);
}

/* The best score of the moves of rack that go out on the lines given
 * (lines changed since the root: their states found, -1: none; -2:
 * error). */
static int eg_best_out_on(EgObject *s, Rack rack, uint32_t lines)
{
    EMove **lv[2 * SIZE];
    int ln[2 * SIZE], k, y, best = -1;
    uint32_t x;
    if (lines && eg_line_moves_on(s, rack, lines, lv, ln) < 0)
        return -2;
    for (x = lines; x; x &= x - 1) {
        k = lowest_bit(x);
        for (y = 0; y < ln[k]; y++)
            if (rk_eq(lv[k][y]->used, rack) && lv[k][y]->score > best)
                best = lv[k][y]->score;
    }
    return best;
}

/* The moves of rack on the lines changed since the root, ordered
 * (sorted 0: the moves in line order, not ordered). */
static int eg_fresh(EgObject *s, int side, Rack rack, MList *out, int sorted)
{
    EMove **lv[2 * SIZE];
    int ln[2 * SIZE];
    uint32_t dirty = s->dirty, x;
    size_t total = 0;
    int k;
    out->n = 0;
    if (!dirty)
        return 0;
    if (eg_line_moves(s, rack, lv, ln) < 0)
        return -1;
    for (x = dirty; x; x &= x - 1)
        total += (size_t)ln[lowest_bit(x)];
    if (grow(&out->v, &out->cap, total, sizeof(EMove *), 64, INT_MOST) < 0)
        return -1;
    for (x = dirty; x; x &= x - 1) {
        k = lowest_bit(x);
        memcpy(out->v + out->n, lv[k], sizeof(EMove *) * (size_t)ln[k]);
        out->n += ln[k];
    }
    return sorted ? eg_order(s, side, out, rack) : 0;
}

/* -- the table ------------------------------------------------------ */

static uint64_t eg_rkey(Rack mine, Rack theirs, int passes)
{
    return splitmix(mine.lo ^ splitmix(mine.hi ^ splitmix(theirs.lo ^ splitmix(theirs.hi ^ (uint64_t)passes))));
}

/* the bucket of (h, r): entries 4b to 4b + 3 of a table of 2^TT_BITS */
static inline TTBucket *eg_tt_bucket(const EgObject *s, uint64_t h, uint64_t r)
{
    return &s->tt[(size_t)(splitmix(h ^ r) >> 2) & s->ttmask];
}

/* the bucket of (h, r) on its way to the cache (its keys' line) */
static inline void eg_tt_prefetch(const EgObject *s, uint64_t h, uint64_t r)
{
#if defined(__GNUC__) || defined(__clang__)
    TTBucket *b = eg_tt_bucket(s, h, r);
    __builtin_prefetch(b->key);
    __builtin_prefetch(b->data);
#else
    (void)s;
    (void)h;
    (void)r;
#endif
}

static TTE *eg_tt_find(EgObject *s, uint64_t h, uint64_t r)
{
    TTBucket *b = eg_tt_bucket(s, h, r);
    int k;
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(b->data, 1); /* (the store at the node's end writes there) */
#endif
    for (k = 0; k < 4; k++)
        if (b->key[k][0] == h && b->key[k][1] == r && b->data[k].used)
            return &b->data[k];
    return NULL;
}

static void eg_tt_store(EgObject *s, uint64_t h, uint64_t r, int depth, int flag, int val, EMove *best)
{
    TTBucket *b = eg_tt_bucket(s, h, r);
    TTE *e = NULL;
    int k, at = -1;
    for (k = 0; k < 4; k++) {
        if (b->key[k][0] == h && b->key[k][1] == r && b->data[k].used) {
            at = k;
            break;
        }
    }
    if (at < 0) {
        for (k = 0; k < 4; k++) {
            TTE *x = &b->data[k];
            if (!x->used) {
                at = k;
                break;
            }
            if (at < 0 || x->depth < b->data[at].depth)
                at = k;
        }
    }
    e = &b->data[at];
    b->key[at][0] = h;
    b->key[at][1] = r;
    e->used = 1;
    e->depth = (uint32_t)depth;
    e->flag = (uint32_t)flag;
    e->val = val;
    e->best = best;
}

/* -- the search ----------------------------------------------------- */

static int eg_clock(EgObject *s)
{
    PyObject *t;
    double now;
    if (++s->tick < s->every)
        return 0;
    s->tick = 0;
    /* other threads (the console's input) run meanwhile, as they would
       between the Python search's bytecodes */
    Py_BEGIN_ALLOW_THREADS
    Py_END_ALLOW_THREADS
    if (PyErr_CheckSignals() < 0) /* Ctrl-C: a KeyboardInterrupt out of the search */
        return -1;
    t = PyObject_CallObject(s->clock, NULL);
    if (t == NULL)
        return -1;
    now = PyFloat_AsDouble(t);
    Py_DECREF(t);
    if (now == -1.0 && PyErr_Occurred())
        return -1;
    return now > s->deadline;
}

/* Does move a at x come before move b at y in the order of eg_order (outs
 * of rack first, then by order key, ties in the order given)? */
static inline int eg_before(const EgObject *s, int side, const EMove *a, int x, const EMove *b, int y, Rack rack)
{
    int oa = rk_eq(a->used, rack), ob = rk_eq(b->used, rack), ka, kb;
    if (oa != ob)
        return oa;
    ka = eg_key(s, side, a, rack);
    kb = eg_key(s, side, b, rack);
    if (ka != kb)
        return ka > kb;
    return x < y;
}

/* The moves on the changed lines at a node one ply above the horizon, as
 * eg_search's loop over them in order would value them (each valued
 * where it stands; first skipped): the loop stops at the first in order
 * valued at beta or more (a cut: returns 1), or values them all and keeps
 * the first of the best; *best, *best_m and *alpha updated as the loop
 * would, s->hit set where the loop values a move that does not go out.
 * -1: out of memory. */
static int eg_leaf_fresh(EgObject *s, int side, Rack mine, EMove *first, int face_theirs, int beta, int *best, EMove **best_m,
                         int *alpha)
{
    EMove **lv[2 * SIZE];
    int ln[2 * SIZE];
    EMove *cm = NULL, *bm = NULL;
    int cx = 0, cv = 0, bx = 0, bv = 0, x = 0, nonout = 0, k, y;
    uint32_t dirty = s->dirty;
    if (dirty && eg_line_moves(s, mine, lv, ln) < 0)
        return -1;
    /* (x: the place in the changed lines' moves, in line order) */
    for (; dirty; dirty &= dirty - 1) {
        k = lowest_bit(dirty);
        for (y = 0; y < ln[k]; y++, x++) {
            EMove *m = lv[k][y];
            Rack left;
            int val, out;
            if (eg_same(m, first))
                continue;
            left = rk_sub(mine, m->used);
            out = rk_empty(left);
            if (out) {
                val = m->score + 2 * face_theirs;
            } else {
                val = m->score + face_theirs - eg_face(s, left);
                nonout = 1;
            }
            if (val >= beta && (cm == NULL || eg_before(s, side, m, x, cm, cx, mine))) {
                cm = m;
                cx = x;
                cv = val;
            }
            if (bm == NULL || val > bv || (val == bv && eg_before(s, side, m, x, bm, bx, mine))) {
                bm = m;
                bx = x;
                bv = val;
            }
        }
    }
    if (cm != NULL) {
        /* a cut: the bound stands at every depth where the cutting move's
           own line does (the moves before it do not matter) */
        s->hit = !rk_eq(cm->used, mine);
        *best = cv;
        *best_m = cm;
        *alpha = cv;
        return 1;
    }
    if (nonout)
        s->hit = 1;
    if (bm != NULL && bv > *best) {
        *best = bv;
        *best_m = bm;
        if (bv > *alpha)
            *alpha = bv;
    }
    return 0;
}

/* The lines m would change (eg_changed with m's tiles on the board's
 * lines, without putting m down). */
static uint32_t eg_changed_by(EgObject *s, const EMove *m)
{
    uint32_t ch;
    int k;
    for (k = 0; k < m->n; k++) {
        int r = m->pos[k] / SIZE, c = m->pos[k] % SIZE;
        s->occ[r] |= (uint32_t)1 << c;
        s->occ[SIZE + c] |= (uint32_t)1 << r;
    }
    ch = eg_changed(s, m);
    for (k = 0; k < m->n; k++) {
        int r = m->pos[k] / SIZE, c = m->pos[k] % SIZE;
        s->occ[r] &= ~((uint32_t)1 << c);
        s->occ[SIZE + c] &= ~((uint32_t)1 << r);
    }
    return ch;
}

/* The moves of side holding rack that go out and stand on the board now
 * (its root outs on lines unchanged since the root, its outs on the
 * changed lines) into s->oo. */
static int eg_outs_now(EgObject *s, int side, Rack rack)
{
    MList *fit = eg_fitting(s, side, rack);
    uint32_t dirty = s->dirty, x;
    int k, y;
    s->oo.n = 0;
    if (fit == NULL)
        return -1;
    for (k = 0; k < fit->n && rk_eq(fit->v[k]->used, rack); k++)
        if (!(dirty >> fit->v[k]->line & 1) && ml_push(&s->oo, fit->v[k]) < 0)
            return -1;
    if (dirty) {
        EMove **lv[2 * SIZE];
        int ln[2 * SIZE];
        if (eg_line_moves(s, rack, lv, ln) < 0)
            return -1;
        for (x = dirty; x; x &= x - 1) {
            k = lowest_bit(x);
            for (y = 0; y < ln[k]; y++)
                if (rk_eq(lv[k][y]->used, rack) && ml_push(&s->oo, lv[k][y]) < 0)
                    return -1;
        }
    }
    return 0;
}

/* At a node one ply above the horizon that no move cut off: is its value
 * sound, every move that does not go out bounded by an out the other side
 * has after it (the other's value after m is at least that out's score
 * and twice the face of m's leave), the bounds at or below alpha0 or the
 * best of the side's outs? The other's outs after m: those standing now
 * on lines m leaves alone, else (m changed the lines of them all) those
 * on the board with m put down. The pass is bounded by the other passing
 * back or going out now. 1: sound, *val the node's value (the
 * best out, or the highest bound at or below alpha0); 0: not; -1: error. */
static int eg_leaf_sound(EgObject *s, int side, Rack mine, Rack theirs, EMove *first, int alpha0, int *val)
{
    EMove **lv[2 * SIZE];
    int ln[2 * SIZE];
    MList *fit;
    int face_theirs = eg_face(s, theirs), face_mine = eg_face(s, mine);
    int B = -EG_INF - 1, U, A, k, y, pass, nl = 0;
    int obest[2 * SIZE], oline[2 * SIZE];
    uint32_t dirty = s->dirty, x, olines = 0;
    fit = eg_fitting(s, side, mine);
    if (fit == NULL)
        return -1;
    if (dirty && eg_line_moves(s, mine, lv, ln) < 0)
        return -1;
    /* the side's best out (the table's move is among the others) */
    for (k = 0; k < fit->n && rk_eq(fit->v[k]->used, mine); k++)
        if (!(dirty >> fit->v[k]->line & 1) && fit->v[k]->score > B)
            B = fit->v[k]->score;
    for (x = dirty; x; x &= x - 1) {
        k = lowest_bit(x);
        for (y = 0; y < ln[k]; y++)
            if (rk_eq(lv[k][y]->used, mine) && lv[k][y]->score > B)
                B = lv[k][y]->score;
    }
    if (B > -EG_INF - 1)
        B += 2 * face_theirs;
    A = B > alpha0 ? B : alpha0;
    if (eg_outs_now(s, 1 - side, theirs) < 0)
        return -1;
    /* the other's outs standing now, once: the best on each line, the
       lines by that score, the best first (a play's bound is then the
       first of them on a line it leaves alone) */
    for (k = 0; k < s->oo.n; k++) {
        int l = s->oo.v[k]->line, sc = s->oo.v[k]->score;
        if (!(olines >> l & 1)) {
            olines |= (uint32_t)1 << l;
            obest[l] = sc;
            oline[nl++] = l;
        } else if (sc > obest[l]) {
            obest[l] = sc;
        }
    }
    for (k = 1; k < nl; k++) {
        int l = oline[k], j = k;
        while (j > 0 && obest[oline[j - 1]] < obest[l]) {
            oline[j] = oline[j - 1];
            j--;
        }
        oline[j] = l;
    }
    /* the pass: at most the tiles held (the other passes back), at most
       the other going out now */
    pass = face_theirs - face_mine;
    if (nl > 0 && -(obest[oline[0]] + 2 * face_mine) < pass)
        pass = -(obest[oline[0]] + 2 * face_mine);
    if (pass > A)
        return 0;
    U = pass;
    {
        /* every move that does not go out, bounded */
        int which;
        for (which = 0; which < 3; which++) {
            EMove **v;
            int n;
            uint32_t lines = which == 2 ? dirty : 0;
            if (which == 0) {
                if (first == NULL || first == EG_PASS)
                    continue;
                v = &first;
                n = 1;
            } else if (which == 1) {
                v = fit->v;
                n = fit->n;
            } else {
                v = NULL;
                n = 0;
            }
            do {
                if (which == 2) {
                    if (!lines)
                        break;
                    k = lowest_bit(lines);
                    lines &= lines - 1;
                    v = lv[k];
                    n = ln[k];
                }
                for (y = 0; y < n; y++) {
                    EMove *m = v[y];
                    Rack left;
                    uint32_t ch;
                    int o = -1, z, ub;
                    if (which == 1 && (dirty >> m->line & 1))
                        continue;
                    left = rk_sub(mine, m->used);
                    if (rk_empty(left))
                        continue;
                    if (olines) {
                        ch = eg_changed_by(s, m);
                        if (olines & ~ch)
                            for (z = 0; z < nl; z++)
                                if (!(ch >> oline[z] & 1)) {
                                    o = obest[oline[z]];
                                    break;
                                }
                    }
                    if (o < 0) {
                        /* m changed the lines of every out the other side
                           had (so the lines it leaves alone hold none, now
                           or after it): its outs on those lines after m */
                        LEntry *saved[2 * SIZE];
                        uint32_t changed, old = eg_apply(s, m, saved, &changed);
                        if (changed == (uint32_t)-1)
                            return -1;
                        o = eg_best_out_on(s, theirs, changed);
                        eg_undo(s, m, old, saved, changed);
                        if (o < -1)
                            return -1;
                    }
                    if (o < 0)
                        return 0;
                    ub = m->score - o - 2 * eg_face(s, left);
                    if (ub > A)
                        return 0;
                    if (ub > U)
                        U = ub;
                }
            } while (which == 2);
        }
    }
    *val = B > U ? B : U;
    return 1;
}

/* s->stop: 1 out of time, 2 an error (set) */
static int eg_search(EgObject *s, int side, Rack mine, Rack theirs, int depth, int alpha, int beta, int passes)
{
    uint64_t r;
    TTE *entry;
    EMove *first = NULL, *best_m = NULL;
    int outer, alpha0, best, cut = 0, leaf, face_theirs, which, hit, flag, before;
    s->nodes++;
    if (passes >= 2)
        return eg_face(s, theirs) - eg_face(s, mine);
    if (depth <= 0) {
        s->hit = 1;
        return eg_face(s, theirs) - eg_face(s, mine);
    }
    {
        int late = s->bytes > EG_MEMORY ? 1 : eg_clock(s);
        if (late) {
            s->stop = late < 0 ? 2 : 1;
            return 0;
        }
    }
    r = eg_rkey(mine, theirs, passes);
    entry = eg_tt_find(s, s->h, r);
    if (entry != NULL) {
        first = entry->best;
        if (entry->depth >= depth && (entry->flag == EG_EXACT || (entry->flag == EG_LOWER && entry->val >= beta) ||
                                      (entry->flag == EG_UPPER && entry->val <= alpha))) {
            if (entry->depth != EG_ALL_DEPTHS)
                s->hit = 1;
            return entry->val;
        }
    }
    outer = s->hit;
    s->hit = 0;
    alpha0 = alpha;
    best = -EG_INF - 1;
    leaf = depth == 1;
    face_theirs = eg_face(s, theirs);
    for (which = 0; which < 3 && !cut; which++) {
        MList one, fresh = {NULL, 0, 0}, *moves;
        EMove *single[1];
        uint32_t skip = 0;
        int k;
        if (which == 0) {
            if (first == NULL || first == EG_PASS)
                continue;
            single[0] = first;
            one.v = single;
            one.n = 1;
            moves = &one;
        } else if (which == 1) {
            moves = eg_fitting(s, side, mine);
            skip = s->dirty;
            if (moves != NULL && !leaf) {
                /* the root moves still standing and the changed lines'
                   moves in one order (outs first, then by order key) */
                MList *fit = moves;
                MList gen = {NULL, 0, 0};
                int i = 0, j = 0;
                if (eg_fresh(s, side, mine, &gen, 1) < 0) {
                    free(gen.v);
                    if (!PyErr_Occurred())
                        PyErr_NoMemory();
                    s->stop = 2;
                    return 0;
                }
                while (i < fit->n && skip && (skip >> fit->v[i]->line & 1))
                    i++;
                while (i < fit->n || j < gen.n) {
                    EMove *x;
                    if (j >= gen.n || (i < fit->n && !eg_before(s, side, gen.v[j], 1, fit->v[i], 0, mine)))
                        x = fit->v[i++];
                    else
                        x = gen.v[j++];
                    if (ml_push(&fresh, x) < 0) {
                        free(gen.v);
                        free(fresh.v);
                        PyErr_NoMemory();
                        s->stop = 2;
                        return 0;
                    }
                    while (i < fit->n && skip && (skip >> fit->v[i]->line & 1))
                        i++;
                }
                free(gen.v);
                moves = &fresh;
                skip = 0;
                which = 2; /* no third pass */
            }
        } else {
            if (leaf) {
                /* every move valued where it stands: the one a loop over
                   the ordered moves would end at found without ordering */
                int r = eg_leaf_fresh(s, side, mine, first, face_theirs, beta, &best, &best_m, &alpha);
                if (r < 0) {
                    if (!PyErr_Occurred())
                        PyErr_NoMemory();
                    s->stop = 2;
                    return 0;
                }
                cut = r == 1;
                break;
            }
            moves = eg_fresh(s, side, mine, &fresh, 1) < 0 ? NULL : &fresh;
            if (moves == NULL) {
                free(fresh.v);
                if (!PyErr_Occurred())
                    PyErr_NoMemory();
                s->stop = 2;
                return 0;
            }
        }
        if (moves == NULL) {
            PyErr_NoMemory();
            s->stop = 2;
            return 0;
        }
        for (k = 0; k < moves->n; k++) {
            EMove *m = moves->v[k];
            int val;
            Rack left;
            if (skip && (skip >> m->line & 1))
                continue;
            if (which && eg_same(m, first))
                continue;
            left = rk_sub(mine, m->used);
            before = s->hit;
            s->hit = 0;
            if (rk_empty(left)) {
                val = m->score + 2 * face_theirs;
            } else if (leaf) {
                val = m->score + face_theirs - eg_face(s, left);
                s->hit = 1;
            } else {
                LEntry *saved[2 * SIZE];
                uint32_t changed, old;
                if (k + 1 < moves->n) { /* the next move's child's table bucket, on its way */
                    const EMove *next = moves->v[k + 1];
                    eg_tt_prefetch(s, s->h ^ next->z, eg_rkey(theirs, rk_sub(mine, next->used), 0));
                }
                old = eg_apply(s, m, saved, &changed);
                if (changed == (uint32_t)-1) {
                    PyErr_NoMemory();
                    s->stop = 2;
                    free(fresh.v);
                    return 0;
                }
                eg_tt_prefetch(s, s->h, eg_rkey(theirs, left, 0));
                val = m->score - eg_search(s, 1 - side, theirs, left, depth - 1, m->score - beta, m->score - alpha, 0);
                eg_undo(s, m, old, saved, changed);
                if (s->stop) {
                    free(fresh.v);
                    return 0;
                }
            }
            if (val > best) {
                best = val;
                best_m = m;
                if (val > alpha) {
                    alpha = val;
                    if (alpha >= beta) {
                        /* a cut: the lower bound holds at every depth where
                           this move's line does; the moves before it,
                           below beta, do not matter */
                        cut = 1;
                        break;
                    }
                }
            }
            s->hit |= before;
        }
        free(fresh.v);
    }
    /* the pass: worth at most what the tiles held make (the other side may
       pass back), not searched when a play reaches that */
    if (alpha < beta && best < face_theirs - eg_face(s, mine)) {
        int val, before = s->hit;
        /* a forced pass (no move at all) takes no ply of the depth: a
           side stuck with its tiles does not halve how far the search
           sees (the passes end the game at two) */
        int below = best == -EG_INF - 1 ? depth : depth - 1;
        s->hit = 0;
        val = -eg_search(s, 1 - side, theirs, mine, below, -beta, -alpha, passes + 1);
        if (s->stop)
            return 0;
        if (val > best) {
            best = val;
            best_m = EG_PASS;
        }
        if (val < beta) /* not a cut by the pass: every move's line matters */
            s->hit |= before;
    }
    if (leaf && !cut && best < beta && s->hit) {
        /* a node one ply above the horizon that no move cut off: exact
           when every move is bounded soundly (eg_leaf_sound) */
        int v, r = eg_leaf_sound(s, side, mine, theirs, first, alpha0, &v);
        if (r < 0) {
            if (!PyErr_Occurred())
                PyErr_NoMemory();
            s->stop = 2;
            return 0;
        }
        if (r) {
            s->hit = 0;
            best = v;
        }
    }
    hit = s->hit;
    flag = best <= alpha0 ? EG_UPPER : (best >= beta ? EG_LOWER : EG_EXACT);
    eg_tt_store(s, s->h, r, hit ? depth : EG_ALL_DEPTHS, flag, best, best_m);
    s->hit = outer || hit;
    return best;
}

/* -- the Python type ------------------------------------------------ */

static void Eg_dealloc(EgObject *self)
{
    int side;
    size_t k;
    MBlock *b;
    for (side = 0; side < 2; side++) {
        if (self->roots[side] != NULL) {
            int j;
            for (j = 0; j < self->nroots[side]; j++)
                if (self->roots[side][j].nvars > 0)
                    free(self->roots[side][j].vars);
            free(self->roots[side]);
        }
        if (self->fit[side] != NULL) {
            for (k = 0; k < FIT_SLOTS; k++)
                free(self->fit[side][k].list.v);
            free(self->fit[side]);
        }
    }
    for (k = 0; k < self->lcap; k++) {
        if (self->lines[k] != NULL) {
            free(self->lines[k]->br);
            free(self->lines[k]);
        }
    }
    free(self->lines);
    free(self->ctxs);
    free(self->bri);
    free(self->scratch);
    free(self->oo.v);
    free(self->xc);
    free(self->tt_block);
    while (self->vpool != NULL) {
        VBlock *next = self->vpool->next;
        free(self->vpool);
        self->vpool = next;
    }
    b = self->pool;
    while (b != NULL) {
        MBlock *next = b->next;
        free(b->raw);
        b = next;
    }
    if (self->ctx != NULL) {
        free(self->ctx->recs);
        free(self->ctx->lps);
        free(self->ctx);
    }
    Py_XDECREF(self->g);
    Py_XDECREF(self->clock);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int eg_read_rack(PyObject *str, Rack *out)
{
    Py_ssize_t n, k;
    const char *t = PyUnicode_AsUTF8AndSize(str, &n);
    out->lo = out->hi = 0;
    if (t == NULL)
        return -1;
    if (n > EG_TILES) {
        PyErr_SetString(PyExc_ValueError, "a rack of 7 tiles at most");
        return -1;
    }
    for (k = 0; k < n; k++) {
        int kind = eg_kind(t[k]);
        if (kind < 0) {
            PyErr_Format(PyExc_KeyError, "%c", t[k]);
            return -1;
        }
        *out = rk_add(*out, rk_one(kind));
    }
    return 0;
}

/* A side's root moves generated here, in the generator's order (as
 * endgame.py's _setup makes them from MoveGenerator.raw). */
static int eg_root_moves(EgObject *s, int side)
{
    int32_t packed[2 * SIZE][LINE_INTS];
    Ctx *c = s->ctx;
    Py_ssize_t x;
    int k;
    s->fit[side] = (FitEntry *)calloc(FIT_SLOTS, sizeof(FitEntry));
    if (s->fit[side] == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (k = 0; k < 2 * SIZE; k++)
        pack_line(s->g, s->cells, k / SIZE, k % SIZE, packed[k]);
    if (rk_empty(s->racks[side])) {
        s->roots[side] = (EMove *)calloc(1, sizeof(EMove));
        s->nroots[side] = 0;
        return s->roots[side] == NULL ? (PyErr_NoMemory(), -1) : 0;
    }
    if (eg_generate(s, s->racks[side], ((uint32_t)1 << (2 * SIZE)) - 1, packed) < 0) {
        free(c->recs);
        c->recs = NULL;
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        return -1;
    }
    s->roots[side] = (EMove *)calloc((size_t)(c->nrecs ? c->nrecs : 1), sizeof(EMove));
    if (s->roots[side] == NULL) {
        free(c->recs);
        c->recs = NULL;
        PyErr_NoMemory();
        return -1;
    }
    for (x = 0; x < c->nrecs; x++) {
        const Rec *r = &c->recs[x];
        EMove *m = &s->roots[side][x];
        eg_rec_move(s, r, packed[SIZE * r->d + r->li], m);
        m->root = (int)x;
        if (rk_blanks(s->racks[side]))
            m->nvars = -1;
    }
    s->nroots[side] = (int)c->nrecs;
    free(c->recs);
    c->recs = NULL;
    c->nrecs = 0;
    c->caprecs = 0;
    return 0;
}

static PyObject *Eg_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    GraphObject *g;
    const char *board;
    Py_ssize_t blen;
    PyObject *roots[2], *racks[2], *clock;
    long every;
    int bonus, out_bonus = 0;
    EgObject *self;
    int side, k, j;
    uint64_t seed = 20261127;
    (void)kwds;
    if (!PyArg_ParseTuple(args, "O!s#OOUUOli|i", &GraphType, &g, &board, &blen, &roots[0], &roots[1],
                          &racks[0], &racks[1], &clock, &every, &bonus, &out_bonus))
        return NULL;
    for (side = 0; side < 2; side++) {
        if (roots[side] != Py_None && !PyList_Check(roots[side])) {
            PyErr_SetString(PyExc_TypeError, "root moves: a list, or None to generate them here");
            return NULL;
        }
    }
    if (blen != SIZE * SIZE) {
        PyErr_SetString(PyExc_ValueError, "the board: 225 squares");
        return NULL;
    }
    self = (EgObject *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    Py_INCREF(g);
    self->g = g;
    Py_INCREF(clock);
    self->clock = clock;
    self->every = every < 1 ? 1 : every;
    self->recycle_at = EG_RECYCLE;
    self->bonus = bonus;
    self->out_bonus = out_bonus;
    self->deadline = 1e300;
    memcpy(self->cells, board, SIZE * SIZE);
    for (k = 0; k < SIZE * SIZE; k++) {
        int r = k / SIZE, c = k % SIZE;
        self->cellsT[c * SIZE + r] = board[k];
        if (board[k] != '.') {
            self->occ[r] |= (uint32_t)1 << c;
            self->occ[SIZE + c] |= (uint32_t)1 << r;
        }
    }
    for (k = 0; k < SIZE * SIZE; k++)
        for (j = 0; j < 52; j++)
            self->zt[k][j] = seed = splitmix(seed);
    self->h = 0;
    for (k = 0; k < SIZE * SIZE; k++) {
        char ch = self->cells[k];
        if (ch != '.') {
            if (!((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z'))) {
                PyErr_SetString(PyExc_ValueError, "the board: '.', letters, lower case for blanks");
                goto fail;
            }
            self->h ^= self->zt[k][zindex(ch)];
        }
    }
    for (k = 0; k < 26; k++)
        self->face_of[k] = g->values[k];
    self->face_of[EG_BLANK] = 0;
    for (k = 0; k < 2 * SIZE; k++) {
        int32_t packed[LINE_INTS];
        pack_line(g, self->cells, k / SIZE, k % SIZE, packed);
        for (j = 0; j < SIZE; j++)
            self->rootxw[k][j] = packed[F_XW + j];
    }
    for (k = 0; k < 14; k++) {
        for (j = 0; j < 256; j++) {
            int kind = (k < 8 ? 2 * k : 16 + 2 * (k - 8));
            int v = (j & 15) * (kind < 27 ? self->face_of[kind] : 0);
            v += (j >> 4) * (kind + 1 < 27 ? self->face_of[kind + 1] : 0);
            self->ftab[k][j] = (int16_t)v;
        }
    }
    self->ctx = (Ctx *)calloc(1, sizeof(Ctx));
    self->xc = (XCheck *)calloc((size_t)1 << XC_BITS, sizeof(XCheck));
    self->tt_block = calloc(((size_t)1 << (TT_BITS - 2)) + 1, sizeof(TTBucket));
    eg_huge(self->tt_block, (((size_t)1 << (TT_BITS - 2)) + 1) * sizeof(TTBucket));
    self->tt = self->tt_block == NULL ? NULL
                                      : (TTBucket *)(((uintptr_t)self->tt_block + 63) & ~(uintptr_t)63);
    self->ttmask = ((size_t)1 << (TT_BITS - 2)) - 1;
    if (self->ctx == NULL || self->tt == NULL || self->xc == NULL)
        goto nomem;
    for (side = 0; side < 2; side++) {
        Py_ssize_t n, x;
        if (eg_read_rack(racks[side], &self->racks[side]) < 0)
            goto fail;
        if (roots[side] == Py_None) {
            if (eg_root_moves(self, side) < 0)
                goto fail;
            continue;
        }
        n = PyList_GET_SIZE(roots[side]);
        self->fit[side] = (FitEntry *)calloc(FIT_SLOTS, sizeof(FitEntry));
        self->roots[side] = (EMove *)calloc((size_t)(n ? n : 1), sizeof(EMove));
        if (self->fit[side] == NULL || self->roots[side] == NULL)
            goto nomem;
        self->nroots[side] = (int)n;
        for (x = 0; x < n; x++) {
            PyObject *t = PyList_GET_ITEM(roots[side], x);
            EMove *m = &self->roots[side][x];
            if (eg_read_move(self, t, m) < 0)
                goto fail;
            m->root = (int)x;
            if (rk_blanks(self->racks[side]))
                m->nvars = -1; /* made when first needed (eg_variants) */
        }
    }
    for (side = 0; side < 2; side++)
        eg_outs_make(self, side);
    return (PyObject *)self;
nomem:
    PyErr_NoMemory();
fail:
    Py_DECREF(self);
    return NULL;
}

/* root_child(index, depth, alpha, deadline[, beta]): the value of the root
 * move (index into roots0; -1 the pass) searched depth plies within
 * (alpha, beta) (beta: inf when not given), and whether the search
 * reached its horizon; None when the clock passed the deadline. */
/* The line store emptied (its line states, their moves, the index and
 * the caches of them), between two root moves, when it holds more than
 * recycle_at: a long search goes on, the lines it meets again generated
 * anew, instead of stopping at EG_MEMORY. The table keeps its values; its
 * moves from the store are forgotten (the root moves and their other
 * choices of blanks are not in the store: kept). */
static void eg_recycle(EgObject *s)
{
    size_t k;
    MBlock *b, *old = s->pool;
    /* the table's moves from the store copied to new blocks (a copy is
       the same move as its twin made again: eg_same) */
    s->pool = NULL;
    s->arena_left = 0; /* (the old arenas freed with the old blocks) */
    s->bytes = 0;
    for (k = 0; k <= s->ttmask; k++) {
        int j;
        for (j = 0; j < 4; j++) {
            TTE *e = &s->tt[k].data[j];
            if (e->used && e->best != NULL && e->best != EG_PASS && e->best->root < 0) {
                EMove *m = eg_new_move(s);
                if (m == NULL) {
                    e->best = NULL;
                    continue;
                }
                *m = *e->best;
                m->root = EG_COPY;
                e->best = m;
            }
        }
    }
    for (k = 0; k < s->lcap; k++) {
        if (s->lines[k] != NULL) {
            free(s->lines[k]->br);
            free(s->lines[k]);
        }
    }
    free(s->lines);
    s->lines = NULL;
    s->lcap = s->lused = 0;
    free(s->ctxs);
    s->ctxs = NULL;
    s->ccap = s->cused = 0;
    free(s->bri);
    s->bri = NULL;
    s->bcap = s->bused = 0;
    memset(s->near, 0, sizeof(s->near));
    memset(s->lmv, 0, sizeof(s->lmv));
    memset(s->lent, 0, sizeof(s->lent)); /* (none at the root) */
    while (s->vpool != NULL) {
        VBlock *next = s->vpool->next;
        free(s->vpool);
        s->vpool = next;
    }
    b = old;
    while (b != NULL) {
        MBlock *next = b->next;
        free(b->raw);
        b = next;
    }
    s->recycled++;
}

static PyObject *Eg_root_child(EgObject *s, PyObject *args)
{
    int index, depth, val;
    double alpha_f, deadline, beta_f = EG_INF;
    int alpha, beta;
    Rack me = s->racks[0], you = s->racks[1];
    if (!PyArg_ParseTuple(args, "iidd|d", &index, &depth, &alpha_f, &deadline, &beta_f))
        return NULL;
    if (depth >= EG_MOST_DEPTH) {
        PyErr_SetString(PyExc_ValueError, "a depth below 65536");
        return NULL;
    }
    if (index >= s->nroots[0] || index < -1) {
        PyErr_SetString(PyExc_IndexError, "no such root move");
        return NULL;
    }
    alpha = alpha_f < -EG_INF ? -EG_INF : (alpha_f > EG_INF ? EG_INF : (int)alpha_f);
    beta = beta_f < -EG_INF ? -EG_INF : (beta_f > EG_INF ? EG_INF : (int)beta_f);
    s->deadline = deadline;
    s->stop = 0;
    s->hit = 0;
    if (s->bytes > s->recycle_at)
        eg_recycle(s);
    if (index < 0) {
        val = -eg_search(s, 1, you, me, depth - 1, -beta, -alpha, 1);
    } else {
        EMove *m = &s->roots[0][index];
        Rack left = rk_sub(me, m->used);
        if (rk_empty(left)) {
            val = m->score + 2 * eg_face(s, you);
        } else {
            LEntry *saved[2 * SIZE];
            uint32_t changed, old = eg_apply(s, m, saved, &changed);
            if (changed == (uint32_t)-1)
                return PyErr_NoMemory();
            val = m->score - eg_search(s, 1, you, left, depth - 1, m->score - beta, m->score - alpha, 0);
            eg_undo(s, m, old, saved, changed);
        }
    }
    if (s->stop == 2)
        return NULL;
    if (s->stop == 1)
        Py_RETURN_NONE;
    return Py_BuildValue("(iO)", val, s->hit ? Py_True : Py_False);
}

/* root_order(): the mover's root moves (indexes) in the order the search
 * takes them at the root (outs first, then by order key) */
static PyObject *Eg_root_order(EgObject *s, PyObject *noargs)
{
    MList *l = eg_fitting(s, 0, s->racks[0]);
    PyObject *out;
    int k;
    (void)noargs;
    if (l == NULL)
        return PyErr_NoMemory();
    out = PyList_New(l->n);
    if (out == NULL)
        return NULL;
    for (k = 0; k < l->n; k++) {
        PyObject *x = PyLong_FromLong(l->v[k]->root);
        if (x == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, k, x);
    }
    return out;
}

/* record(index): the mover's root move as MoveGenerator.raw's record
 * (score, direction, line, start, word, blank mask) */
static PyObject *Eg_record(EgObject *s, PyObject *args)
{
    int index, j, k;
    char word[SIZE + 1];
    uint32_t bm = 0;
    const EMove *m;
    if (!PyArg_ParseTuple(args, "i", &index))
        return NULL;
    if (index < 0 || index >= s->nroots[0] || s->roots[0][index].s0 < 0) {
        PyErr_SetString(PyExc_IndexError, "no such root move made here");
        return NULL;
    }
    m = &s->roots[0][index];
    for (j = 0; j < m->len; j++) {
        int p = m->s0 + j, at = m->line < SIZE ? m->line * SIZE + p : p * SIZE + (m->line - SIZE);
        char ch = s->cells[at];
        for (k = 0; k < m->n; k++) {
            if (m->pos[k] == at) {
                ch = m->ch[k];
                if (ch >= 'a') {
                    bm |= (uint32_t)1 << p;
                }
            }
        }
        word[j] = ch >= 'a' ? (char)(ch - 'a' + 'A') : ch;
    }
    word[m->len] = 0;
    return Py_BuildValue("(iiiisk)", m->score, m->line / SIZE, m->line % SIZE, m->s0, word, (unsigned long)bm);
}

static PyObject *Eg_get_nodes(EgObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromLongLong(self->nodes);
}

static PyObject *Eg_get_lines(EgObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromSize_t(self->lused);
}

static PyObject *Eg_get_recycled(EgObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromLong(self->recycled);
}

static PyObject *Eg_get_recycle_at(EgObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromSize_t(self->recycle_at);
}

static int Eg_set_recycle_at(EgObject *self, PyObject *v, void *closure)
{
    size_t n;
    (void)closure;
    if (v == NULL) {
        PyErr_SetString(PyExc_AttributeError, "recycle_at cannot be deleted");
        return -1;
    }
    n = PyLong_AsSize_t(v);
    if (n == (size_t)-1 && PyErr_Occurred())
        return -1;
    self->recycle_at = n;
    return 0;
}

static PyObject *Eg_get_held(EgObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromSize_t(self->bytes);
}

static PyObject *Eg_get_work(EgObject *self, void *closure)
{
    (void)closure;
    return Py_BuildValue("(LLLL)", self->gen_calls, self->gen_lines, self->line_hits, self->subset_hits);
}

static PyMethodDef Eg_methods[] = {
    {"root_order", (PyCFunction)Eg_root_order, METH_NOARGS, "root_order() -> the mover's root moves in search order"},
    {"record", (PyCFunction)Eg_record, METH_VARARGS, "record(index) -> a root move of the mover as a generator record"},
    {"root_child", (PyCFunction)Eg_root_child, METH_VARARGS,
     "root_child(index, depth, alpha, deadline) -> (value, horizon reached), or None out of time"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Eg_getset[] = {
    {"nodes", (getter)Eg_get_nodes, NULL, "nodes searched", NULL},
    {"line_states", (getter)Eg_get_lines, NULL, "line states stored", NULL},
    {"held", (getter)Eg_get_held, NULL, "bytes held by the line store and its moves", NULL},
    {"recycle_at", (getter)Eg_get_recycle_at, (setter)Eg_set_recycle_at,
     "bytes of the line store past which it is emptied between two root moves", NULL},
    {"recycled", (getter)Eg_get_recycled, NULL, "how many times the line store was emptied", NULL},
    {"work", (getter)Eg_get_work, NULL, "(generator calls, lines generated, lines from the store, of them filtered)",
     NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject EgType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    "audio_scrabble.engine._movegen_c.Endgame", /* tp_name */
    sizeof(EgObject),                           /* tp_basicsize */
};

static PyMethodDef methods[] = {
    {"generate", generate, METH_VARARGS,
     "generate(graph, lines, rack, only, stop_first, empty, out) -> bool: append the records to out"},
    {"line", analyse_line, METH_VARARGS,
     "line(graph, board, direction, index) -> (lt, bv, cc, xs, xw, anchors, packed): a line's analysis"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT,
    "_movegen_c",
    "The move generator's search in C (an optional accelerator of audio_scrabble.engine.movegen).",
    -1,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__movegen_c(void)
{
    PyObject *m;
    GraphType.tp_dealloc = (destructor)Graph_dealloc;
    GraphType.tp_flags = Py_TPFLAGS_DEFAULT;
    GraphType.tp_doc = "A word graph in flat arrays: Graph(root, values, bingo_bonus, letter_premiums, word_premiums)";
    GraphType.tp_new = Graph_new;
    GraphType.tp_getset = Graph_getset;
    if (PyType_Ready(&GraphType) < 0)
        return NULL;
    EgType.tp_dealloc = (destructor)Eg_dealloc;
    EgType.tp_flags = Py_TPFLAGS_DEFAULT;
    EgType.tp_doc = "The end-game search: Endgame(graph, board, roots0, roots1, rack0, rack1, clock, every, bonus[, out_bonus])";
    EgType.tp_new = Eg_new;
    EgType.tp_methods = Eg_methods;
    EgType.tp_getset = Eg_getset;
    if (PyType_Ready(&EgType) < 0)
        return NULL;
    m = PyModule_Create(&moduledef);
    if (m == NULL)
        return NULL;
    Py_INCREF(&GraphType);
    if (PyModule_AddObject(m, "Graph", (PyObject *)&GraphType) < 0) {
        Py_DECREF(&GraphType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&EgType);
    if (PyModule_AddObject(m, "Endgame", (PyObject *)&EgType) < 0) {
        Py_DECREF(&EgType);
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "LINE_INTS", LINE_INTS) < 0 || PyModule_AddIntConstant(m, "MOST_TILES", MAX_RACK) < 0 ||
        PyModule_AddIntConstant(m, "INTERFACE", INTERFACE) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

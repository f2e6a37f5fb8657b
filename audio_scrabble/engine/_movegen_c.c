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
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

static int grow_u32(uint32_t **arr, size_t *cap, size_t need)
{
    if (need > *cap) {
        size_t n = *cap ? *cap : 1024;
        uint32_t *grown;
        while (n < need)
            n *= 2;
        grown = (uint32_t *)realloc(*arr, n * sizeof(uint32_t));
        if (grown == NULL)
            return -1;
        *arr = grown;
        *cap = n;
    }
    return 0;
}

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
    order_cap = 1024;
    order = (PyObject **)malloc(order_cap * sizeof(PyObject *));
    if (order == NULL)
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
        if (grow_u32(&self->info, &info_cap, k + 1) < 0 || grow_u32(&self->first, &first_cap, k + 1) < 0)
            goto nomem;
        self->info[k] = (uint32_t)info;
        self->first[k] = (uint32_t)nedges;
        m = (uint32_t)info & ALL_LETTERS;
        if (grow_u32(&self->edges, &edges_cap, nedges + 26) < 0)
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
                if (n == order_cap) {
                    PyObject **grown = (PyObject **)realloc(order, 2 * order_cap * sizeof(PyObject *));
                    if (grown == NULL)
                        goto nomem;
                    order = grown;
                    order_cap *= 2;
                }
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

typedef struct {
    const GraphObject *g;
    PyObject *out;
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
    Py_ssize_t nlps, caplps;
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
            int q, ok = 1;
            m &= m - 1;
            for (q = q0; q < e; q++) {
                int t = c->lt[q] - 1;
                if (!(g->info[child] & ((uint32_t)1 << t))) {
                    ok = 0;
                    break;
                }
                child = CHILD(g, child, t);
            }
            if (!ok)
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
    if (c->nlps == c->caplps) {
        Py_ssize_t cap = c->caplps ? 2 * c->caplps : 256;
        LeftPart *grown = (LeftPart *)realloc(c->lps, sizeof(LeftPart) * (size_t)cap);
        if (grown == NULL) {
            PyErr_NoMemory();
            c->halt = c->error = 1;
            return -1;
        }
        c->lps = grown;
        c->caplps = cap;
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

/* Read a line's packed analysis into the context; 0 if it has no anchors. */
static int load_line(Ctx *c, PyObject *lines, int d, int i, uint32_t *anchors)
{
    PyObject *side, *line, *packed;
    int32_t raw[LINE_INTS];
    int j;
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
            int s = a - 1, q, ok = 1, ms = 0;
            uint32_t node = 0;
            while (s > 0 && c->lt[s - 1] > 0)
                s--;
            for (q = s; q < a; q++) {
                int t = c->lt[q] - 1;
                if (!(g->info[node] & ((uint32_t)1 << t))) {
                    ok = 0;
                    break;
                }
                node = CHILD(g, node, t);
                ms += c->bv[q];
            }
            if (ok) {
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
    Py_ssize_t n, cap;
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
            if (o->n == o->cap) {
                Py_ssize_t cap = o->cap ? 2 * o->cap : 256;
                Found *grown = (Found *)realloc(o->found, sizeof(Found) * (size_t)cap);
                if (grown == NULL) {
                    PyErr_NoMemory();
                    c->halt = c->error = 1;
                    return;
                }
                o->found = grown;
                o->cap = cap;
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
    o.n = o.cap = 0;
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

/* The letters L such that the tiles before, L, then the tiles after make a word. */
static uint32_t cross_check(const GraphObject *g, const char *board, int stride, int lo, int at, int hi)
{
    uint32_t node = 0, m, mask = 0;
    int q;
    for (q = lo; q < at; q++) {
        int t = tile_index(board[q * stride]);
        if (!(g->info[node] & ((uint32_t)1 << t)))
            return 0;
        node = CHILD(g, node, t);
    }
    m = g->info[node] & ALL_LETTERS;
    while (m) {
        int j = lowest_bit(m);
        uint32_t end = CHILD(g, node, j);
        int ok = 1;
        m &= m - 1;
        for (q = at + 1; q <= hi; q++) {
            int t = tile_index(board[q * stride]);
            if (!(g->info[end] & ((uint32_t)1 << t))) {
                ok = 0;
                break;
            }
            end = CHILD(g, end, t);
        }
        if (ok && (g->info[end] & TERM))
            mask |= (uint32_t)1 << j;
    }
    return mask;
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
    uint32_t amask = 0;
    const char *cells;
    int step, stride;
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
    memset(packed, 0, sizeof(packed));
    for (j = 0; j < SIZE; j++) {
        char ch = cells[j * step];
        int t = tile_index(ch);
        lt[j] = t >= 0 ? 1L << t : 0;
        bv[j] = (ch >= 'A' && ch <= 'Z') ? g->values[t] : 0;
        cc[j] = (long)ALL_LETTERS;
        xs[j] = 0;
        xw[j] = 0;
    }
    lt[SIZE] = -1;
    for (j = 0; j < SIZE; j++) {
        /* the perpendicular line through square j: board[base + q * stride] */
        const char *perp = d == 0 ? board + j : board + j * SIZE;
        if (lt[j]) {
            cc[j] = 0;
            continue;
        }
        if ((i > 0 && perp[(i - 1) * stride] != '.') || (i < SIZE - 1 && perp[(i + 1) * stride] != '.')) {
            int lo = i, hi = i, q;
            long sum = 0;
            while (lo > 0 && perp[(lo - 1) * stride] != '.')
                lo--;
            while (hi < SIZE - 1 && perp[(hi + 1) * stride] != '.')
                hi++;
            cc[j] = (long)cross_check(g, perp, stride, lo, i, hi);
            for (q = lo; q <= hi; q++) {
                char ch = perp[q * stride];
                if (q != i && ch >= 'A' && ch <= 'Z')
                    sum += g->values[ch - 'A'];
            }
            xs[j] = sum;
            xw[j] = g->wm[d][i][j];
            anchors[nanch++] = j;
        } else if ((j > 0 && lt[j - 1]) || (j < SIZE - 1 && lt[j + 1])) {
            anchors[nanch++] = j;
        }
    }
    for (j = 0; j < SIZE; j++) {
        int t = tile_index(cells[j * step]);
        packed[F_LT + j] = t + 1;
        packed[F_BV + j] = (int32_t)bv[j];
        packed[F_CC + j] = (int32_t)cc[j];
        packed[F_XS + j] = (int32_t)xs[j];
        packed[F_XW + j] = (int32_t)xw[j];
    }
    for (k = 0; k < nanch; k++)
        amask |= (uint32_t)1 << anchors[k];
    packed[F_ANCHORS] = (int32_t)amask;
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
    m = PyModule_Create(&moduledef);
    if (m == NULL)
        return NULL;
    Py_INCREF(&GraphType);
    if (PyModule_AddObject(m, "Graph", (PyObject *)&GraphType) < 0) {
        Py_DECREF(&GraphType);
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

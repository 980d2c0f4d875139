/* The scalar fast path of standpat's rankings, in C.
 *
 * A Scorer holds one ranking's tables for one hand size (5, 6 or 7 cards) and
 * turns a sequence of card ints into a strength, exactly as the pure-Python
 * closure in ranking.py does.  It returns -1 where the Python path must take
 * over (six or seven lowball cards holding a flush); it raises IndexError or
 * TypeError for input that is not card ints; it never checks duplicates.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stddef.h>
#include <string.h>

#define SUIT_SHIFT 23
#define RANK_MASK ((1LL << SUIT_SHIFT) - 1)

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    int64_t keys[52];
    uint16_t *places;
    Py_ssize_t n_places;
    int32_t *values;
    Py_ssize_t n_values;
    int32_t flush[8192];
    int64_t keys5[52];
    uint16_t *places5;
    Py_ssize_t n_places5;
    int32_t *values5;
    Py_ssize_t n_values5;
    int size;
    int low;
} Scorer;

static PyObject *Scorer_vectorcall(PyObject *callable, PyObject *const *args, size_t nargsf,
                                   PyObject *kwnames);

static void Scorer_dealloc(Scorer *self) {
    PyMem_Free(self->places);
    PyMem_Free(self->values);
    PyMem_Free(self->places5);
    PyMem_Free(self->values5);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int copy_buffer(PyObject *obj, void *dst, Py_ssize_t item, Py_ssize_t count,
                       const char *name) {
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0) return -1;
    if (view.len != item * count) {
        PyErr_Format(PyExc_ValueError, "%s holds %zd bytes, expected %zd", name, view.len,
                     item * count);
        PyBuffer_Release(&view);
        return -1;
    }
    memcpy(dst, view.buf, view.len);
    PyBuffer_Release(&view);
    return 0;
}

static void *copy_owned(PyObject *obj, Py_ssize_t item, Py_ssize_t *count) {
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0) return NULL;
    void *mem = PyMem_Malloc(view.len ? view.len : 1);
    if (mem == NULL) {
        PyBuffer_Release(&view);
        PyErr_NoMemory();
        return NULL;
    }
    memcpy(mem, view.buf, view.len);
    *count = view.len / item;
    PyBuffer_Release(&view);
    return mem;
}

static int Scorer_init(Scorer *self, PyObject *args, PyObject *kwds) {
    PyObject *keys, *places, *values, *flush;
    PyObject *keys5 = NULL, *places5 = NULL, *values5 = NULL;
    int size, low;
    static char *names[] = {"keys", "places", "values", "flush", "size", "low",
                            "keys5", "places5", "values5", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOip|OOO", names, &keys, &places, &values,
                                     &flush, &size, &low, &keys5, &places5, &values5))
        return -1;
    if (size < 5 || size > 7) {
        PyErr_SetString(PyExc_ValueError, "size must be 5, 6 or 7");
        return -1;
    }
    if (copy_buffer(keys, self->keys, 8, 52, "keys") < 0) return -1;
    if (copy_buffer(flush, self->flush, 4, 8192, "flush") < 0) return -1;
    PyMem_Free(self->places);
    PyMem_Free(self->values);
    self->places = copy_owned(places, 2, &self->n_places);
    if (self->places == NULL) return -1;
    self->values = copy_owned(values, 4, &self->n_values);
    if (self->values == NULL) return -1;
    PyMem_Free(self->places5);
    PyMem_Free(self->values5);
    self->places5 = NULL;
    self->values5 = NULL;
    self->n_places5 = self->n_values5 = 0;
    if (keys5 != NULL && places5 != NULL && values5 != NULL) {
        if (copy_buffer(keys5, self->keys5, 8, 52, "keys5") < 0) return -1;
        self->places5 = copy_owned(places5, 2, &self->n_places5);
        if (self->places5 == NULL) return -1;
        self->values5 = copy_owned(values5, 4, &self->n_values5);
        if (self->values5 == NULL) return -1;
    }
    self->size = size;
    self->low = low;
    self->vectorcall = Scorer_vectorcall;
    return 0;
}

static PyObject *Scorer_vectorcall(PyObject *callable, PyObject *const *args, size_t nargsf,
                                   PyObject *kwnames) {
    Scorer *self = (Scorer *)callable;
    if (kwnames != NULL || PyVectorcall_NARGS(nargsf) != 1) {
        PyErr_SetString(PyExc_TypeError, "a Scorer takes one sequence of card ints");
        return NULL;
    }
    PyObject *cards = args[0];
    PyObject *seq = PySequence_Fast(cards, "cards must be a sequence of card ints");
    if (seq == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n != self->size) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "this scorer ranks %d cards, got %zd", self->size, n);
        return NULL;
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    int c[7];
    int64_t key = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(items[i]);
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return NULL;
        }
        if (v < 0 || v > 51) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_IndexError, "card int %ld is outside 0..51", v);
            return NULL;
        }
        c[i] = (int)v;
        key += self->keys[v];
    }
    Py_DECREF(seq);
    int64_t fields = ((key >> SUIT_SHIFT) + 0x3333) & 0x8888;
    int64_t rank_key = key & RANK_MASK;
    int32_t plain = -1;
    if (rank_key < self->n_places) {
        uint16_t place = self->places[rank_key];
        if (place < self->n_values) plain = self->values[place];
    }
    if (!fields) return PyLong_FromLong(plain);
    int suit = 0;
    while (!((fields >> (4 * suit + 3)) & 1)) suit++;
    int mask = 0;
    for (Py_ssize_t i = 0; i < n; i++)
        if ((c[i] & 3) == suit) mask |= 1 << (c[i] >> 2);
    int32_t flushed = self->flush[mask];
    if (n == 5) return PyLong_FromLong(flushed);
    if (self->low) {
        /* Lowball with a flush among six or seven cards: the best five may avoid it. */
        if (self->values5 == NULL) return PyLong_FromLong(-1);
        int32_t best = -1;
        for (int m = 0; m < (1 << n); m++) {
            if (__builtin_popcount(m) != 5) continue;
            int64_t k5 = 0;
            int suits = 0, ranks = 0;
            for (Py_ssize_t i = 0; i < n; i++) {
                if (!((m >> i) & 1)) continue;
                k5 += self->keys5[c[i]];
                suits |= 1 << (c[i] & 3);
                ranks |= 1 << (c[i] >> 2);
            }
            int32_t value;
            if ((suits & (suits - 1)) == 0) {
                value = self->flush[ranks];
            } else {
                int64_t r = k5 & RANK_MASK;
                value = -1;
                if (r < self->n_places5 && self->places5[r] < self->n_values5)
                    value = self->values5[self->places5[r]];
            }
            if (value > best) best = value;
        }
        return PyLong_FromLong(best);
    }
    return PyLong_FromLong(flushed > plain ? flushed : plain);
}

static PyTypeObject ScorerType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "standpat._native.scorer.Scorer",
    .tp_doc = PyDoc_STR("Strength of a fixed number of card ints under one ranking."),
    .tp_basicsize = sizeof(Scorer),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_vectorcall_offset = offsetof(Scorer, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Scorer_init,
    .tp_dealloc = (destructor)Scorer_dealloc,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "scorer", "C scalar path of standpat's rankings.", -1, NULL,
};

PyMODINIT_FUNC PyInit_scorer(void) {
    if (PyType_Ready(&ScorerType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    Py_INCREF(&ScorerType);
    if (PyModule_AddObject(m, "Scorer", (PyObject *)&ScorerType) < 0) {
        Py_DECREF(&ScorerType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

/*
 * kibitz_module.c - the CPython extension `kibitz._kibitz`: Game, State and
 * Database objects and the search, perft, rollout and solve functions, each
 * a thin layer over one call of libkibitz (include/kibitz.h). The package
 * kibitz/__init__.py re-exports them with pyspiel's names.
 *
 * Errors of the library become kibitz.KibitzError (a ValueError) carrying
 * the engine's message. Searches, perft, rollouts, solving and database
 * queries release the GIL. Documents (search, query) are returned as plain
 * dicts with the fields of docs/JSON.md.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "include/kibitz.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static PyObject *KibitzError; /* set at module init from kibitz.errors */
static PyObject *json_loads;  /* json.loads */

/* ------------------------------------------------------------------ Game */

typedef struct {
    PyObject_HEAD kz_game *game;
} GameObject;

typedef struct {
    PyObject_HEAD kz_state *state;
    PyObject *game; /* the GameObject, kept alive while the state lives */
} StateObject;

static PyTypeObject GameType, StateType;

static PyObject *fail(const char *message) {
    PyErr_SetString(KibitzError, message);
    return NULL;
}

static PyObject *game_load(PyObject *module, PyObject *args) {
    const char *name, *variant = NULL;
    if (!PyArg_ParseTuple(args, "s|z", &name, &variant)) return NULL;
    char err[KZ_ERROR_BYTES];
    kz_game *g;
    if (kz_game_load(name, variant, &g, err, sizeof err)) return fail(err);
    GameObject *self = PyObject_New(GameObject, &GameType);
    if (!self) {
        kz_game_free(g);
        return NULL;
    }
    self->game = g;
    return (PyObject *)self;
}

static void game_dealloc(GameObject *self) {
    kz_game_free(self->game);
    PyObject_Del(self);
}

static StateObject *state_wrap(kz_state *s, PyObject *game) {
    if (!s) return (StateObject *)PyErr_NoMemory();
    StateObject *self = PyObject_New(StateObject, &StateType);
    if (!self) {
        kz_state_free(s);
        return NULL;
    }
    self->state = s;
    Py_INCREF(game);
    self->game = game;
    return self;
}

static PyObject *game_new_initial_state(GameObject *self, PyObject *unused) {
    return (PyObject *)state_wrap(kz_state_new(self->game), (PyObject *)self);
}

static PyObject *game_new_state_from(GameObject *self, PyObject *arg) {
    const char *text = PyUnicode_AsUTF8(arg);
    if (!text) return NULL;
    kz_state *s = kz_state_new(self->game);
    char err[KZ_ERROR_BYTES];
    if (s && kz_state_parse(s, text, err, sizeof err)) {
        kz_state_free(s);
        return fail(err);
    }
    return (PyObject *)state_wrap(s, (PyObject *)self);
}

static PyObject *game_name(GameObject *self, PyObject *unused) {
    return PyUnicode_FromString(kz_game_name(self->game));
}

static PyObject *game_variant(GameObject *self, PyObject *unused) {
    char text[KZ_TEXT_BYTES];
    kz_game_variant(self->game, text, sizeof text);
    return PyUnicode_FromString(text);
}

/* The declared variant parameters (kz_game_option), as `kibitz games` lists
 * them: [{"name", "values", "default", "help"}, ...]. */
static PyObject *game_parameters(GameObject *self, PyObject *unused) {
    PyObject *list = PyList_New(0);
    const char *key, *values, *fallback, *meaning;
    for (int i = 0; list && kz_game_option(self->game, i, &key, &values, &fallback,
                                           &meaning) == KZ_OK;
         i++) {
        PyObject *one = Py_BuildValue("{s:s,s:s,s:s,s:s}", "name", key, "values", values,
                                      "default", fallback, "help", meaning);
        if (!one || PyList_Append(list, one) != 0) {
            Py_XDECREF(one);
            Py_DECREF(list);
            return NULL;
        }
        Py_DECREF(one);
    }
    return list;
}

static PyObject *game_num_players(GameObject *self, PyObject *unused) {
    return PyLong_FromLong(kz_game_players(self->game));
}

static PyObject *game_flags(GameObject *self, PyObject *unused) {
    return PyLong_FromUnsignedLong(kz_game_flags(self->game));
}

static PyObject *game_max_actions(GameObject *self, PyObject *unused) {
    return PyLong_FromLong(kz_game_max_actions(self->game));
}

static PyObject *game_player_name(GameObject *self, PyObject *arg) {
    long p = PyLong_AsLong(arg);
    if (p == -1 && PyErr_Occurred()) return NULL;
    const char *name = kz_game_player_name(self->game, (int)p);
    if (!name) return fail("no such player");
    return PyUnicode_FromString(name);
}

static PyObject *game_observation_shape(GameObject *self, PyObject *unused) {
    int dims[3];
    int n = kz_game_observation_shape(self->game, dims);
    PyObject *t = PyTuple_New(n);
    for (int i = 0; t && i < n; i++) PyTuple_SET_ITEM(t, i, PyLong_FromLong(dims[i]));
    return t;
}

static PyObject *game_str(GameObject *self) {
    char text[KZ_TEXT_BYTES];
    kz_game_variant(self->game, text, sizeof text);
    return PyUnicode_FromFormat("%s(%s)", kz_game_name(self->game), text);
}

static PyMethodDef game_methods[] = {
    {"new_initial_state", (PyCFunction)game_new_initial_state, METH_NOARGS,
     "The start position as a new State."},
    {"new_state_from", (PyCFunction)game_new_state_from, METH_O,
     "A State from a one-line position text (as State.position() writes)."},
    {"name", (PyCFunction)game_name, METH_NOARGS, "The game's name."},
    {"variant", (PyCFunction)game_variant, METH_NOARGS, "Canonical variant text."},
    {"parameters", (PyCFunction)game_parameters, METH_NOARGS,
     "The declared variant parameters: name, values, default, help."},
    {"num_players", (PyCFunction)game_num_players, METH_NOARGS, "Players."},
    {"flags", (PyCFunction)game_flags, METH_NOARGS, "kibitz.HAS_* bits."},
    {"max_actions", (PyCFunction)game_max_actions, METH_NOARGS,
     "The most actions any position has."},
    {"player_name", (PyCFunction)game_player_name, METH_O, "Name of player p."},
    {"observation_tensor_shape", (PyCFunction)game_observation_shape, METH_NOARGS,
     "Shape of State.observation_tensor (docs/OBSERVATIONS.md)."},
    {NULL, NULL, 0, NULL}, /* sentinel */
};

static PyTypeObject GameType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "kibitz.Game",
    .tp_basicsize = sizeof(GameObject),
    .tp_dealloc = (destructor)game_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A game with its variant (kibitz.load_game).",
    .tp_methods = game_methods,
    .tp_str = (reprfunc)game_str,
    .tp_repr = (reprfunc)game_str,
};

/* ----------------------------------------------------------------- State */

static void state_dealloc(StateObject *self) {
    kz_state_free(self->state);
    Py_XDECREF(self->game);
    PyObject_Del(self);
}

static int to_action(PyObject *o, kz_action *a) {
    long long v = PyLong_AsLongLong(o);
    if (v == -1 && PyErr_Occurred()) return -1;
    *a = (kz_action)v;
    return 0;
}

/* Python ints for small action values, made once: a rollout loop asks for
 * the same few actions again and again, and making a new int object for
 * each costs more than the move generation itself (results/python.md). */
enum { ACTION_CACHE = 1 << 16 };
static PyObject **action_cache;

static PyObject *action_object(kz_action a) {
    if (a < 0 || a >= ACTION_CACHE) return PyLong_FromLongLong(a);
    if (!action_cache && !(action_cache = calloc(ACTION_CACHE, sizeof *action_cache)))
        return PyLong_FromLongLong(a);
    PyObject *o = action_cache[a];
    if (!o && !(o = action_cache[a] = PyLong_FromLongLong(a))) return NULL;
    Py_INCREF(o);
    return o;
}

static PyObject *action_list(const kz_action *a, int n) {
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++) {
        PyObject *item = action_object(a[i]);
        if (!item) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, item);
    }
    return list;
}

static PyObject *state_legal_actions(StateObject *self, PyObject *args) {
    int player = -100;
    if (!PyArg_ParseTuple(args, "|i", &player)) return NULL;
    const kz_game *g = kz_state_game(self->state);
    int cap = kz_game_max_actions(g);
    kz_action stack[64], *a = cap <= 64 ? stack : malloc(sizeof *a * (size_t)cap);
    if (!a) return PyErr_NoMemory();
    int turn = kz_state_turn(self->state), n;
    if (player != -100 && turn == KZ_TURN_SIMULTANEOUS)
        n = kz_state_joint_actions(self->state, player, a, cap);
    else if (player != -100 && player != turn)
        n = 0; /* pyspiel: a player not to move has no actions */
    else
        n = kz_state_actions(self->state, a, cap);
    PyObject *list = action_list(a, n);
    if (a != stack) free(a);
    return list;
}

static PyObject *state_legal_moves(StateObject *self, PyObject *unused) {
    int cap = kz_game_max_actions(kz_state_game(self->state));
    kz_action *a = malloc(sizeof *a * (size_t)cap);
    if (!a) return PyErr_NoMemory();
    int n = kz_state_actions(self->state, a, cap);
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++) {
        char text[KZ_TEXT_BYTES];
        kz_state_action_text(self->state, a[i], text, sizeof text);
        PyList_SET_ITEM(list, i, PyUnicode_FromString(text));
    }
    free(a);
    return list;
}

static PyObject *state_apply_action(StateObject *self, PyObject *arg) {
    kz_action a;
    char err[KZ_ERROR_BYTES];
    if (PyUnicode_Check(arg)) {
        if (kz_state_apply_text(self->state, PyUnicode_AsUTF8(arg), err, sizeof err))
            return fail(err);
        Py_RETURN_NONE;
    }
    if (to_action(arg, &a)) return NULL;
    if (kz_state_apply(self->state, a, err, sizeof err)) return fail(err);
    Py_RETURN_NONE;
}

static PyObject *state_apply_actions(StateObject *self, PyObject *arg) {
    const kz_game *g = kz_state_game(self->state);
    PyObject *seq = PySequence_Fast(arg, "apply_actions takes a list of actions");
    if (!seq) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n != kz_game_players(g)) {
        Py_DECREF(seq);
        return fail("apply_actions takes one action per player");
    }
    kz_action choices[KZ_MAX_PLAYERS] = {0};
    for (Py_ssize_t i = 0; i < n; i++)
        if (to_action(PySequence_Fast_GET_ITEM(seq, i), &choices[i])) {
            Py_DECREF(seq);
            return NULL;
        }
    Py_DECREF(seq);
    char err[KZ_ERROR_BYTES];
    if (kz_state_apply_joint(self->state, choices, err, sizeof err)) return fail(err);
    Py_RETURN_NONE;
}

static PyObject *state_current_player(StateObject *self, PyObject *unused) {
    return PyLong_FromLong(kz_state_turn(self->state));
}

static PyObject *state_is_terminal(StateObject *self, PyObject *unused) {
    return PyBool_FromLong(kz_state_turn(self->state) == KZ_TURN_OVER);
}

static PyObject *state_is_chance_node(StateObject *self, PyObject *unused) {
    return PyBool_FromLong(kz_state_turn(self->state) == KZ_TURN_CHANCE);
}

static PyObject *state_is_simultaneous_node(StateObject *self, PyObject *unused) {
    return PyBool_FromLong(kz_state_turn(self->state) == KZ_TURN_SIMULTANEOUS);
}

static PyObject *state_acting_players(StateObject *self, PyObject *unused) {
    unsigned acting = kz_state_acting(self->state);
    PyObject *list = PyList_New(0);
    for (int p = 0; list && p < KZ_MAX_PLAYERS; p++)
        if (acting & (1u << p)) {
            PyObject *item = PyLong_FromLong(p);
            PyList_Append(list, item);
            Py_DECREF(item);
        }
    return list;
}

static PyObject *state_returns(StateObject *self, PyObject *unused) {
    int players = kz_game_players(kz_state_game(self->state));
    double r[KZ_MAX_PLAYERS] = {0};
    kz_state_returns(self->state, r); /* all zero while the game goes on */
    PyObject *list = PyList_New(players);
    for (int p = 0; list && p < players; p++)
        PyList_SET_ITEM(list, p, PyFloat_FromDouble(r[p]));
    return list;
}

static PyObject *state_chance_outcomes(StateObject *self, PyObject *unused) {
    int cap = kz_game_max_actions(kz_state_game(self->state));
    kz_action *a = malloc(sizeof *a * (size_t)cap);
    double *p = malloc(sizeof *p * (size_t)cap);
    if (!a || !p) {
        free(a);
        free(p);
        return PyErr_NoMemory();
    }
    int n = kz_state_chance(self->state, a, p, cap);
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++)
        PyList_SET_ITEM(list, i, Py_BuildValue("(Ld)", (long long)a[i], p[i]));
    free(a);
    free(p);
    return list;
}

static PyObject *state_clone(StateObject *self, PyObject *unused) {
    return (PyObject *)state_wrap(kz_state_clone(self->state), self->game);
}

static PyObject *state_position(StateObject *self, PyObject *unused) {
    char text[KZ_TEXT_BYTES];
    kz_state_format(self->state, text, sizeof text);
    return PyUnicode_FromString(text);
}

static PyObject *state_str(StateObject *self) {
    size_t need = kz_state_draw(self->state, NULL, 0);
    char *text = malloc(need + 1);
    if (!text) return PyErr_NoMemory();
    kz_state_draw(self->state, text, need + 1);
    PyObject *s = PyUnicode_FromString(text);
    free(text);
    return s;
}

static PyObject *state_repr(StateObject *self) {
    char text[KZ_TEXT_BYTES];
    kz_state_format(self->state, text, sizeof text);
    return PyUnicode_FromFormat("<kibitz.State %s: %s>",
                                kz_game_name(kz_state_game(self->state)), text);
}

static int player_arg(StateObject *self, PyObject *arg, int *p) {
    long v = PyLong_AsLong(arg);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < 0 || v >= kz_game_players(kz_state_game(self->state))) {
        PyErr_Format(KibitzError, "player %ld does not exist in this game", v);
        return -1;
    }
    *p = (int)v;
    return 0;
}

static PyObject *state_observation_string(StateObject *self, PyObject *arg) {
    int p;
    if (player_arg(self, arg, &p)) return NULL;
    kz_state *view = kz_state_view(self->state, p);
    if (!view) return PyErr_NoMemory();
    char text[KZ_TEXT_BYTES];
    kz_state_format(view, text, sizeof text);
    kz_state_free(view);
    return PyUnicode_FromString(text);
}

static PyObject *state_observation_into(StateObject *self, PyObject *args) {
    PyObject *player, *buffer;
    int p;
    if (!PyArg_ParseTuple(args, "OO", &player, &buffer) || player_arg(self, player, &p))
        return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(buffer, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS))
        return NULL;
    long n =
        kz_state_observation(self->state, p, view.buf, (long)(view.len / sizeof(float)));
    PyBuffer_Release(&view);
    if (n == KZ_EUNSUPPORTED) return fail("this game has no observation tensor");
    if (n < 0 || (size_t)n * sizeof(float) != (size_t)view.len)
        return fail("observation buffer of the wrong size");
    Py_RETURN_NONE;
}

/* A float32 numpy array of the game's observation shape, filled in place
 * through the buffer protocol (no numpy headers needed to build). */
static PyObject *state_observation_tensor(StateObject *self, PyObject *arg) {
    int dims[3];
    int rank = kz_game_observation_shape(kz_state_game(self->state), dims);
    if (rank == 0) return fail("this game has no observation tensor");
    PyObject *numpy = PyImport_ImportModule("numpy");
    if (!numpy) return NULL;
    PyObject *shape = PyTuple_New(rank);
    for (int i = 0; shape && i < rank; i++)
        PyTuple_SET_ITEM(shape, i, PyLong_FromLong(dims[i]));
    PyObject *array =
        shape ? PyObject_CallMethod(numpy, "zeros", "Os", shape, "float32") : NULL;
    Py_XDECREF(shape);
    Py_DECREF(numpy);
    if (!array) return NULL;
    PyObject *args = Py_BuildValue("(OO)", arg, array);
    PyObject *done = args ? state_observation_into(self, args) : NULL;
    Py_XDECREF(args);
    if (!done) {
        Py_DECREF(array);
        return NULL;
    }
    Py_DECREF(done);
    return array;
}

static PyObject *state_action_to_string(StateObject *self, PyObject *arg) {
    kz_action a;
    if (to_action(arg, &a)) return NULL;
    char text[KZ_TEXT_BYTES];
    if (kz_state_action_text(self->state, a, text, sizeof text) == 0) {
        PyErr_Format(KibitzError, "action %lld is not legal here", (long long)a);
        return NULL;
    }
    return PyUnicode_FromString(text);
}

static PyObject *state_joint_action_to_string(StateObject *self, PyObject *args) {
    int player;
    long long a;
    if (!PyArg_ParseTuple(args, "iL", &player, &a)) return NULL;
    char text[KZ_TEXT_BYTES];
    if (kz_state_joint_action_text(self->state, player, (kz_action)a, text, sizeof text) ==
        0) {
        PyErr_Format(KibitzError, "action %lld is not an option of player %d here", a,
                     player);
        return NULL;
    }
    return PyUnicode_FromString(text);
}

static PyObject *state_string_to_action(StateObject *self, PyObject *arg) {
    const char *text = PyUnicode_AsUTF8(arg);
    if (!text) return NULL;
    kz_action a;
    char err[KZ_ERROR_BYTES];
    if (kz_state_parse_action(self->state, text, &a, err, sizeof err)) return fail(err);
    return PyLong_FromLongLong(a);
}

static PyObject *state_get_game(StateObject *self, PyObject *unused) {
    Py_INCREF(self->game);
    return self->game;
}

static PyMethodDef state_methods[] = {
    {"legal_actions", (PyCFunction)state_legal_actions, METH_VARARGS,
     "legal_actions([player]): the actions of the player to move (chance "
     "outcomes at a chance node); at a simultaneous node with a player: that "
     "player's options."},
    {"legal_moves", (PyCFunction)state_legal_moves, METH_NOARGS,
     "The legal actions as move texts."},
    {"apply_action", (PyCFunction)state_apply_action, METH_O,
     "Play an action (an int, or a move text). KibitzError if not legal."},
    {"apply_actions", (PyCFunction)state_apply_actions, METH_O,
     "At a simultaneous node: one action per player (ignored for players not "
     "acting)."},
    {"current_player", (PyCFunction)state_current_player, METH_NOARGS,
     "The player to act, or kibitz.TERMINAL / CHANCE / SIMULTANEOUS."},
    {"is_terminal", (PyCFunction)state_is_terminal, METH_NOARGS, "Game over?"},
    {"is_chance_node", (PyCFunction)state_is_chance_node, METH_NOARGS, "Chance acts?"},
    {"is_simultaneous_node", (PyCFunction)state_is_simultaneous_node, METH_NOARGS,
     "Several players choose at once?"},
    {"acting_players", (PyCFunction)state_acting_players, METH_NOARGS,
     "Players choosing at a simultaneous node."},
    {"returns", (PyCFunction)state_returns, METH_NOARGS,
     "Every player's result (zeros while the game goes on)."},
    {"chance_outcomes", (PyCFunction)state_chance_outcomes, METH_NOARGS,
     "[(action, probability)] at a chance node, else []."},
    {"clone", (PyCFunction)state_clone, METH_NOARGS, "An independent copy."},
    {"position", (PyCFunction)state_position, METH_NOARGS, "The one-line position."},
    {"observation_string", (PyCFunction)state_observation_string, METH_O,
     "The one-line position as player p sees it (hidden parts unknown)."},
    {"observation_tensor", (PyCFunction)state_observation_tensor, METH_O,
     "Player p's observation as a float32 numpy array, from p's view only "
     "(shape Game.observation_tensor_shape(); layouts in docs/OBSERVATIONS.md)."},
    {"action_to_string", (PyCFunction)state_action_to_string, METH_O,
     "The text of a legal action."},
    {"joint_action_to_string", (PyCFunction)state_joint_action_to_string, METH_VARARGS,
     "joint_action_to_string(player, action): the text of an acting player's "
     "option at a simultaneous node."},
    {"string_to_action", (PyCFunction)state_string_to_action, METH_O,
     "The action of a move text (checked legal)."},
    {"get_game", (PyCFunction)state_get_game, METH_NOARGS, "The Game."},
    {NULL, NULL, 0, NULL}, /* sentinel */
};

static PyTypeObject StateType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "kibitz.State",
    .tp_basicsize = sizeof(StateObject),
    .tp_dealloc = (destructor)state_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One position of a game (Game.new_initial_state).",
    .tp_methods = state_methods,
    .tp_str = (reprfunc)state_str,
    .tp_repr = (reprfunc)state_repr,
};

static int state_arg(PyObject *o, void *out) {
    if (!PyObject_TypeCheck(o, &StateType)) {
        PyErr_SetString(PyExc_TypeError, "a kibitz State is needed");
        return 0;
    }
    *(StateObject **)out = (StateObject *)o;
    return 1;
}

/* -------------------------------------------------------------- searches */

static PyObject *parse_json(const char *text) {
    return PyObject_CallFunction(json_loads, "s", text);
}

/* One search run on its own thread, so that the calling thread can watch
 * for Ctrl-C (KeyboardInterrupt) while it runs and stop it at once. */
struct search_job {
    const kz_state *state;
    struct kz_search_options options;
    kz_action best[KZ_MAX_PLAYERS];
    char *json;
    size_t cap, need;
    char err[KZ_ERROR_BYTES];
    int status;
    bool done;
    pthread_mutex_t lock;
    pthread_cond_t finished;
};

static void *search_job_run(void *arg) {
    struct search_job *job = arg;
    int status = kz_search_with(job->state, &job->options, job->best, job->json, job->cap,
                                &job->need, job->err, sizeof job->err);
    pthread_mutex_lock(&job->lock);
    job->status = status;
    job->done = true;
    pthread_cond_signal(&job->finished);
    pthread_mutex_unlock(&job->lock);
    return NULL;
}

/* Run the job, the GIL released; every SIGNAL_CHECK_MS the pending signals
 * are looked at (Python's handlers run on this thread), and one that raises
 * (KeyboardInterrupt) stops the search, which returns within a few
 * milliseconds. 0, or -1 with the Python error set. */
enum { SIGNAL_CHECK_MS = 20 };
static int search_job_wait(struct search_job *job) {
    pthread_t thread;
    job->done = false;
    if (pthread_create(&thread, NULL, search_job_run, job) != 0) {
        PyErr_SetString(PyExc_RuntimeError, "cannot start the search thread");
        return -1;
    }
    int raised = 0;
    for (;;) {
        bool done;
        Py_BEGIN_ALLOW_THREADS;
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += SIGNAL_CHECK_MS * 1000000L;
        if (until.tv_nsec >= 1000000000L) until.tv_sec++, until.tv_nsec -= 1000000000L;
        pthread_mutex_lock(&job->lock);
        if (!job->done) pthread_cond_timedwait(&job->finished, &job->lock, &until);
        done = job->done;
        pthread_mutex_unlock(&job->lock);
        Py_END_ALLOW_THREADS;
        if (done) break;
        if (!raised && PyErr_CheckSignals() != 0) {
            raised = 1;
            kz_stop_request(job->options.stop);
        }
    }
    pthread_join(thread, NULL);
    return raised ? -1 : 0;
}

static PyObject *search(PyObject *module, PyObject *args, PyObject *kw) {
    static char *names[] = {"state",   "algo", "time",    "iterations", "depth",
                            "threads", "seed", "analyse", NULL};
    StateObject *st;
    const char *algo = NULL;
    double time = 0;
    long iterations = 0;
    int depth = 0, threads = 0, analyse = 0;
    unsigned long long seed = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O&|zdliiKp", names, state_arg, &st, &algo,
                                     &time, &iterations, &depth, &threads, &seed,
                                     &analyse))
        return NULL;
    struct search_job job = {
        .state = st->state,
        .options = {.algo = algo,
                    .time = time,
                    .iterations = iterations,
                    .depth = depth,
                    .threads = threads,
                    .seed = seed,
                    .analyse = analyse,
                    .stop = kz_stop_new()},
        .best = {KZ_ACTION_PASS},
        .cap = 1 << 16,
    };
    job.json = malloc(job.cap);
    if (!job.json || !job.options.stop) {
        free(job.json);
        kz_stop_free(job.options.stop);
        return PyErr_NoMemory();
    }
    pthread_mutex_init(&job.lock, NULL);
    pthread_cond_init(&job.finished, NULL);
    int status;
    for (;;) {
        if (search_job_wait(&job)) {
            status = -1;
            break;
        }
        status = job.status;
        if (status || job.need < job.cap) break;
        /* Rare: a document larger than the buffer; search again into room. */
        free(job.json);
        job.cap = job.need + 1;
        if (!(job.json = malloc(job.cap))) break;
    }
    pthread_mutex_destroy(&job.lock);
    pthread_cond_destroy(&job.finished);
    kz_stop_free(job.options.stop);
    char *json = job.json;
    kz_action *best = job.best;
    char *err = job.err;
    if (!json) return PyErr_NoMemory();
    if (status == -1 && PyErr_Occurred()) { /* KeyboardInterrupt */
        free(json);
        return NULL;
    }
    if (status) {
        free(json);
        return fail(err);
    }
    PyObject *doc = parse_json(json);
    free(json);
    if (!doc) return NULL;
    /* At a simultaneous node: every player's option (kibitz.PASS when not
     * acting); else the one best action. */
    PyObject *action;
    if (kz_state_turn(st->state) == KZ_TURN_SIMULTANEOUS) {
        int players = kz_game_players(kz_state_game(st->state));
        action = PyList_New(players);
        for (int p = 0; action && p < players; p++)
            PyList_SET_ITEM(action, p, PyLong_FromLongLong(best[p]));
    } else {
        action = PyLong_FromLongLong(best[0]);
    }
    PyDict_SetItemString(doc, "action", action);
    Py_DECREF(action);
    return doc;
}

static PyObject *perft(PyObject *module, PyObject *args, PyObject *kw) {
    static char *names[] = {"state", "depth", "threads", NULL};
    StateObject *st;
    int depth, threads = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O&i|i", names, state_arg, &st, &depth,
                                     &threads))
        return NULL;
    if (depth < 0) return fail("perft depth must be at least 0");
    uint64_t n;
    Py_BEGIN_ALLOW_THREADS;
    n = kz_perft(st->state, depth, threads);
    Py_END_ALLOW_THREADS;
    return PyLong_FromUnsignedLongLong(n);
}

static PyObject *random_rollouts(PyObject *module, PyObject *args, PyObject *kw) {
    static char *names[] = {"state", "n", "seed", "max_plies", NULL};
    StateObject *st;
    long n;
    unsigned long long seed = 0;
    int max_plies = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O&l|Ki", names, state_arg, &st, &n, &seed,
                                     &max_plies))
        return NULL;
    if (n < 0) return fail("the number of rollouts must be at least 0");
    double sum[KZ_MAX_PLAYERS] = {0};
    long plies;
    Py_BEGIN_ALLOW_THREADS;
    plies = kz_random_rollouts(st->state, n, seed, max_plies, sum);
    Py_END_ALLOW_THREADS;
    int players = kz_game_players(kz_state_game(st->state));
    PyObject *sums = PyList_New(players);
    for (int p = 0; sums && p < players; p++)
        PyList_SET_ITEM(sums, p, PyFloat_FromDouble(sum[p]));
    return Py_BuildValue("{s:l,s:l,s:N}", "games", n, "plies", plies, "sum_returns",
                         sums);
}

static PyObject *solve(PyObject *module, PyObject *args, PyObject *kw) {
    static char *names[] = {"game", "path", "threads", NULL};
    GameObject *g;
    const char *path;
    int threads = 0, status;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!s|i", names, &GameType, &g, &path,
                                     &threads))
        return NULL;
    char err[KZ_ERROR_BYTES];
    Py_BEGIN_ALLOW_THREADS;
    status = kz_solve(g->game, path, threads, err, sizeof err);
    Py_END_ALLOW_THREADS;
    if (status) return fail(err);
    Py_RETURN_NONE;
}

/* -------------------------------------------------------------- database */

typedef struct {
    PyObject_HEAD kz_db *db;
    PyObject *game;
} DbObject;

static void db_dealloc(DbObject *self) {
    kz_db_close(self->db);
    Py_XDECREF(self->game);
    PyObject_Del(self);
}

static PyTypeObject DbType;

static PyObject *db_open(PyObject *module, PyObject *args) {
    GameObject *g;
    const char *path = NULL;
    if (!PyArg_ParseTuple(args, "O!z", &GameType, &g, &path)) return NULL;
    char err[KZ_ERROR_BYTES];
    kz_db *db;
    int status;
    Py_BEGIN_ALLOW_THREADS;
    status = kz_db_open(g->game, path, &db, err, sizeof err);
    Py_END_ALLOW_THREADS;
    if (status) return fail(err);
    DbObject *self = PyObject_New(DbObject, &DbType);
    if (!self) {
        kz_db_close(db);
        return NULL;
    }
    self->db = db;
    Py_INCREF(g);
    self->game = (PyObject *)g;
    return (PyObject *)self;
}

static PyObject *db_query(DbObject *self, PyObject *arg) {
    StateObject *st;
    if (!state_arg(arg, &st)) return NULL;
    char err[KZ_ERROR_BYTES];
    size_t cap = 1 << 16;
    char *json = malloc(cap);
    if (!json) return PyErr_NoMemory();
    long need;
    Py_BEGIN_ALLOW_THREADS;
    need = kz_db_query_json(self->db, st->state, json, cap, err, sizeof err);
    if (need >= (long)cap) {
        char *bigger = realloc(json, (size_t)need + 1);
        if (bigger) {
            json = bigger;
            need = kz_db_query_json(self->db, st->state, json, (size_t)need + 1, err,
                                    sizeof err);
        }
    }
    Py_END_ALLOW_THREADS;
    if (need < 0) {
        free(json);
        return fail(err);
    }
    PyObject *doc = parse_json(json);
    free(json);
    return doc;
}

static PyMethodDef db_methods[] = {
    {"query", (PyCFunction)db_query, METH_O,
     "The query document (docs/JSON.md) of a state: value and every move's value."},
    {NULL, NULL, 0, NULL}, /* sentinel */
};

static PyTypeObject DbType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "kibitz._Db",
    .tp_basicsize = sizeof(DbObject),
    .tp_dealloc = (destructor)db_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_methods = db_methods,
};

/* ---------------------------------------------------------------- module */

static PyObject *games(PyObject *module, PyObject *unused) {
    int n = kz_game_count();
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++)
        PyList_SET_ITEM(list, i, PyUnicode_FromString(kz_game_name_at(i)));
    return list;
}

static PyObject *set_error_class(PyObject *module, PyObject *cls) {
    Py_XDECREF(KibitzError);
    Py_INCREF(cls);
    KibitzError = cls;
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"load_game", game_load, METH_VARARGS, "load_game(name[, variant]) -> Game"},
    {"search", (PyCFunction)(void (*)(void))search, METH_VARARGS | METH_KEYWORDS,
     "search(state, algo, time, iterations, depth, threads, seed, analyse) -> dict"},
    {"perft", (PyCFunction)(void (*)(void))perft, METH_VARARGS | METH_KEYWORDS,
     "perft(state, depth, threads=1) -> leaves"},
    {"random_rollouts", (PyCFunction)(void (*)(void))random_rollouts,
     METH_VARARGS | METH_KEYWORDS, "random_rollouts(state, n, seed=0, max_plies=0)"},
    {"solve", (PyCFunction)(void (*)(void))solve, METH_VARARGS | METH_KEYWORDS,
     "solve(game, path, threads=0)"},
    {"db_open", db_open, METH_VARARGS, "db_open(game, path) -> database"},
    {"games", games, METH_NOARGS, "Names of the games."},
    {"_set_error_class", set_error_class, METH_O, NULL},
    {NULL, NULL, 0, NULL}, /* sentinel */
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "kibitz._kibitz",
    .m_doc = "libkibitz bindings (see the kibitz package)",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__kibitz(void) {
    if (PyType_Ready(&GameType) || PyType_Ready(&StateType) || PyType_Ready(&DbType))
        return NULL;
    PyObject *json = PyImport_ImportModule("json");
    if (!json) return NULL;
    json_loads = PyObject_GetAttrString(json, "loads");
    Py_DECREF(json);
    if (!json_loads) return NULL;
    KibitzError = PyExc_ValueError;
    Py_INCREF(KibitzError);
    PyObject *m = PyModule_Create(&module_def);
    if (!m) return NULL;
    Py_INCREF(&GameType);
    PyModule_AddObject(m, "Game", (PyObject *)&GameType);
    Py_INCREF(&StateType);
    PyModule_AddObject(m, "State", (PyObject *)&StateType);
    PyModule_AddIntConstant(m, "TERMINAL", KZ_TURN_OVER);
    PyModule_AddIntConstant(m, "CHANCE", KZ_TURN_CHANCE);
    PyModule_AddIntConstant(m, "SIMULTANEOUS", KZ_TURN_SIMULTANEOUS);
    PyModule_AddIntConstant(m, "PASS", (long)KZ_ACTION_PASS);
    PyModule_AddIntConstant(m, "HAS_CHANCE", KZ_HAS_CHANCE);
    PyModule_AddIntConstant(m, "HAS_SIMULTANEOUS", KZ_HAS_SIMULTANEOUS);
    PyModule_AddIntConstant(m, "HAS_HIDDEN", KZ_HAS_HIDDEN);
    PyModule_AddIntConstant(m, "CAN_CYCLE", KZ_CAN_CYCLE);
    PyModule_AddIntConstant(m, "ZERO_SUM_2P", KZ_ZERO_SUM_2P);
    PyModule_AddIntConstant(m, "CAN_SOLVE", KZ_CAN_SOLVE);
    PyModule_AddStringConstant(m, "__version__", kz_version());
    return m;
}

/*
 * threads.h - start the worker threads a command asked for, or say why not.
 *
 * When libgomp cannot create a thread (a tight memory limit, a process
 * limit) it prints its own message and exits. Commands call threads_reserve
 * before any parallel work: it tries to create the threads itself, and when
 * that works it starts OpenMP's thread pool at once, so the threads exist
 * before the command's large allocations take the memory they need.
 */
#ifndef KIBITZ_THREADS_H
#define KIBITZ_THREADS_H

/* The most threads any command, engine spec or protocol option may ask for. */
enum { THREADS_MAX = 1024 };

/* 0 when `threads` threads (the caller's included) could start, else -1 with
 * a message in `err` (GAME_ERROR_BYTES). */
int threads_reserve(int threads, char *err);

#endif

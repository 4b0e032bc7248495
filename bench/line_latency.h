/*
 * line_latency.h - how long one cache line takes to go from one thread's
 * core to another's and back. Shared-memory searches (one MCTS tree, one
 * transposition table) scale with threads only as well as this allows, and
 * on a virtual machine it changes when the host moves a virtual CPU (tens
 * of nanoseconds within a core complex, hundreds across): the bench prints
 * it next to the speed-ups so that a poor ratio can be told apart from poor
 * code.
 */
#ifndef KIBITZ_LINE_LATENCY_H
#define KIBITZ_LINE_LATENCY_H

/* Mean round trip in nanoseconds of a line passed between two OpenMP
 * threads, measured for at most about 50 ms; 0 when two threads could not
 * be had. */
double line_round_trip_ns(void);

#endif

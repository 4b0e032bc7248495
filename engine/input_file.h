/*
 * input_file.h - open a file the user named as input (a record, a list of
 * positions, a solvebench set) without ever blocking: the path is opened
 * with O_NONBLOCK, so a FIFO with no writer cannot hang the open, and only a
 * regular file is accepted; a folder, FIFO, device or socket is refused
 * with a message saying what it is (a folder used to read as empty, a FIFO
 * used to block forever).
 */
#ifndef KIBITZ_INPUT_FILE_H
#define KIBITZ_INPUT_FILE_H

#include <stddef.h>
#include <stdio.h>

/* `path` open for reading (text), or NULL with err[n] naming the path and
 * the problem. `what` names the input in the message ("record",
 * "--positions"). */
FILE *input_file_open(const char *what, const char *path, char *err, size_t n);

#endif

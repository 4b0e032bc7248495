/*
 * data_folder.h - where databases live when the user names no place: the
 * per-user data folder, and the folders searched for an existing database.
 *
 * The folders, in order (docs/DESIGN.md, "Where databases live"):
 *   1. --db PATH, when given (callers handle it: it is the only place read);
 *   2. $KIBITZ_DATA, when set and not empty: then the only folder;
 *   3. $XDG_DATA_HOME/kibitz when XDG_DATA_HOME is an absolute path, else
 *      $HOME/.local/share/kibitz (the XDG default): the user folder, where
 *      new databases are written;
 *   4. ./data, only for reading a database that is already there (the
 *      folder older versions used), never for writing a new one.
 * Without HOME (and without the two variables) the user folder is ./data.
 *
 * Contract: plain functions of the environment; nothing is created here.
 */
#ifndef KIBITZ_DATA_FOLDER_H
#define KIBITZ_DATA_FOLDER_H

#include <stddef.h>

enum { DATA_FOLDER_MAX = 2 };

/* The folder new databases go to (3. above, or 2. when set), into buf. */
void data_folder_user(char *buf, size_t n);

/* The folders searched, in order, into folders[0..count-1] (each `n`
 * bytes); returns the count (1 or 2). folders[0] is data_folder_user. */
int data_folder_candidates(char folders[DATA_FOLDER_MAX][4096], size_t n);

/* The folder of the first candidate holding `entry` (a file or folder name
 * inside it), else the user folder: the place to read `entry` from, or to
 * make it in. */
void data_folder_find(const char *entry, char *buf, size_t n);

#endif

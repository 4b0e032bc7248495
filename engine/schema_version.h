/*
 * schema_version.h - the version of kibitz's JSON schema (docs/JSON.md).
 *
 * Every JSON document kibitz writes carries "schema": KIBITZ_SCHEMA_VERSION.
 * Raise it when a key is renamed or removed or its meaning changes (adding
 * an optional key does not need a new version). Kept in engine/ so that the
 * few reports written below json/ (a game's own database builder) can name
 * it too.
 */
#ifndef KIBITZ_SCHEMA_VERSION_H
#define KIBITZ_SCHEMA_VERSION_H

#define KIBITZ_SCHEMA_VERSION 1

#endif

/*
 * number.h - the one parser of numbers given as text, for every option of
 * the command line, engine specs, variants and protocol lines (UGI).
 *
 * Decimal only: an optional '-', digits, and for real numbers an optional
 * fraction ("0.5", ".5", "2."); no blanks anywhere, no '+', no hexadecimal
 * or hex-float ("0x1p3"), no exponent, no "inf" or "nan". The value must
 * lie in [low, high]. A refusal says the same thing everywhere:
 *   "<what> needs a whole number from LOW to HIGH, not 'TEXT'"
 *   "<what> needs a number from LOW to HIGH, not 'TEXT'"
 */
#ifndef KIBITZ_NUMBER_H
#define KIBITZ_NUMBER_H

#include <stddef.h>
#include <stdint.h>

/* A whole number in [low, high]. 0, or -1 with err[n]. */
int number_whole(const char *what, const char *text, long long low, long long high,
                 long long *out, char *err, size_t n);
/* A whole number in [0, UINT64_MAX] (seeds). 0, or -1 with err[n]. */
int number_unsigned(const char *what, const char *text, uint64_t *out, char *err,
                    size_t n);
/* A real number in [low, high]. 0, or -1 with err[n]. */
int number_real(const char *what, const char *text, double low, double high, double *out,
                char *err, size_t n);

#endif

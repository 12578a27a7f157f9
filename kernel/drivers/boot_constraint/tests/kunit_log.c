// SPDX-License-Identifier: GPL-2.0
/*
 * The log of the boot constraint KUnit suites: the recorder that the fake
 * providers (fakes.h) tell every operation on their pretend hardware, in
 * order, and the checks the suites make on it. A log is the test's: it is
 * allocated with kunit_kzalloc() and freed when the test ends. The first
 * file of the suites, it names their module.
 */

#include <linux/module.h>
#include <linux/spinlock.h>
#include <linux/sprintf.h>
#include <linux/string.h>

#include <kunit/test.h>

#include "boot_constraint_kunit.h"

static void bc_test_log_record(struct bc_test_recorder *rec,
			       const struct bc_test_event *ev)
{
	struct bc_test_log *log = container_of(rec, struct bc_test_log, rec);
	const char *op = bc_test_op_names[ev->op];

	if (ev->err)
		bc_test_log_add(log, "%s:%s=%d", ev->res, op, ev->err);
	else if (bc_test_op_is_setting(ev->op))
		bc_test_log_add(log, "%s:%s=%ld", ev->res, op, ev->value);
	else
		bc_test_log_add(log, "%s:%s", ev->res, op);
}

/**
 * bc_test_log_alloc() - Allocate an empty log, freed when the test ends.
 * @test: the test.
 *
 * The fakes given the log record their operations as "<resource>:<op>",
 * "<resource>:<op>=<setting>" or, when the hardware refused,
 * "<resource>:<op>=<error>": "clk0:on", "reg:voltage=1800000",
 * "clk0:on=-5".
 *
 * Return: the log, or NULL.
 */
struct bc_test_log *bc_test_log_alloc(struct kunit *test)
{
	struct bc_test_log *log;

	log = kunit_kzalloc(test, sizeof(*log), GFP_KERNEL);
	if (!log)
		return NULL;

	log->rec.record = bc_test_log_record;
	spin_lock_init(&log->lock);

	return log;
}

/**
 * bc_test_log_add() - Append an event to a log.
 * @log: the log.
 * @fmt: printf() format of the event, which must not contain spaces.
 * @...: its arguments.
 *
 * Context: any context.
 */
void bc_test_log_add(struct bc_test_log *log, const char *fmt, ...)
{
	unsigned long flags;
	va_list args;
	size_t room;
	int n;

	spin_lock_irqsave(&log->lock, flags);
	room = sizeof(log->buf) - log->len;
	if (log->len) {
		if (room < 2)
			goto full;
		log->buf[log->len++] = ' ';
		room--;
	}

	va_start(args, fmt);
	n = vsnprintf(log->buf + log->len, room, fmt, args);
	va_end(args);
	if (n < room) {
		log->len += n;
		goto out;
	}

full:
	log->overflow = true;
	log->len = sizeof(log->buf) - 1;
	log->buf[log->len] = '\0';
out:
	spin_unlock_irqrestore(&log->lock, flags);
}

/**
 * bc_test_log_str() - The events of a log.
 * @log: the log, which nothing writes to meanwhile.
 *
 * Return: the events separated by spaces, or "(overflow)".
 */
const char *bc_test_log_str(struct bc_test_log *log)
{
	return log->overflow ? "(overflow)" : log->buf;
}

/**
 * bc_test_log_clear() - Forget the events of a log.
 * @log: the log.
 */
void bc_test_log_clear(struct bc_test_log *log)
{
	unsigned long flags;

	spin_lock_irqsave(&log->lock, flags);
	log->len = 0;
	log->overflow = false;
	log->buf[0] = '\0';
	spin_unlock_irqrestore(&log->lock, flags);
}

/**
 * bc_test_log_has() - Whether a log holds an event.
 * @log: the log.
 * @event: the event, such as "pd:off".
 *
 * Return: true if @event is one of the events of @log.
 */
bool bc_test_log_has(struct bc_test_log *log, const char *event)
{
	size_t n = strlen(event);
	unsigned long flags;
	bool found = false;
	const char *p;

	spin_lock_irqsave(&log->lock, flags);
	for (p = log->buf; (p = strstr(p, event)); p++) {
		if ((p == log->buf || p[-1] == ' ') &&
		    (p[n] == ' ' || !p[n])) {
			found = true;
			break;
		}
	}
	spin_unlock_irqrestore(&log->lock, flags);

	return found;
}

/**
 * bc_test_log_ends_with() - Whether the last events of a log are these.
 * @log: the log.
 * @events: the events, separated by spaces.
 *
 * Return: true if @events are the last events of @log, in that order.
 */
bool bc_test_log_ends_with(struct bc_test_log *log, const char *events)
{
	size_t n = strlen(events);
	unsigned long flags;
	bool ret;

	spin_lock_irqsave(&log->lock, flags);
	ret = !log->overflow && log->len >= n &&
	      !strcmp(log->buf + log->len - n, events) &&
	      (log->len == n || log->buf[log->len - n - 1] == ' ');
	spin_unlock_irqrestore(&log->lock, flags);

	return ret;
}

MODULE_DESCRIPTION("KUnit tests of boot constraints");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

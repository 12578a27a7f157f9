// SPDX-License-Identifier: GPL-2.0
/*
 * The resources a device tree node names, as a type's
 * struct bc_of_names describes them: a list of phandles named
 * by a list of strings (clocks and clock-names, power-domains and
 * power-domain-names, resets and reset-names, interconnects and
 * interconnect-names), or properties of their own (vdd-supply); and, for
 * a declared constraint, the GPIO its framework takes in place of a list
 * the node does not have (reset-gpios for resets).
 */

#include <linux/device.h>
#include <linux/err.h>
#include <linux/minmax.h>
#include <linux/of.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <kunit/visibility.h>

#include "core.h"
#include "names.h"

/*
 * Whether @a and @b are the same string: compared here a character at a
 * time, as most property names differ from the one looked for within
 * their first characters, and strcmp() sets up for long strings first.
 */
static bool bc_names_same(const char *a, const char *b)
{
	for (; *a == *b; a++, b++) {
		if (!*a)
			return true;
	}

	return false;
}

/*
 * The length of the resource's name in @prop's, or 0 if it names none: the
 * name is looked through once, its suffix compared from each character
 * that could start it.
 */
static size_t bc_names_suffixed(const struct property *prop,
				const struct bc_of_names *of)
{
	const char *name = prop->name, *p;

	/* A resource's name has one character at least; a property one too */
	if (!name[0])
		return 0;

	for (p = name + 1; *p; p++) {
		if (*p == of->suffix[0] && bc_names_same(p, of->suffix))
			return p - name;
	}

	return 0;
}

/* The property of the resource @name, for a type without a list. */
static struct property *bc_names_prop(struct device_node *np,
				      const struct bc_of_names *of,
				      const char *name, unsigned int *index)
{
	struct property *prop;
	unsigned int i = 0;
	size_t len;

	for_each_property_of_node(np, prop) {
		len = bc_names_suffixed(prop, of);
		if (!len)
			continue;
		if (len == strlen(name) && !strncmp(prop->name, name, len)) {
			*index = i;
			return prop;
		}
		i++;
	}

	return NULL;
}

/*
 * Whether @np names its only resource of the type by a GPIO, as the reset
 * core takes "reset-gpios" for a node without "resets". Only declared
 * constraints look it up: most drivers of such nodes drive the GPIO
 * themselves, and a framework's get would take it from them.
 */
static bool bc_names_gpio(struct device_node *np,
			  const struct bc_of_names *of)
{
	return of->gpio && !of_property_present(np, of->list) &&
	       of_property_present(np, of->gpio);
}

/**
 * bc_of_count() - How many resources of a type a node names.
 * @np: the node.
 * @of: how it names them.
 *
 * Return: their number, 0 if it names none or its list is malformed.
 */
unsigned int bc_of_count(struct device_node *np,
			 const struct bc_of_names *of)
{
	struct property *prop;
	unsigned int n = 0;
	int count;

	if (!of->list) {
		for_each_property_of_node(np, prop)
			n += !!bc_names_suffixed(prop, of);
		return n;
	}

	if (bc_names_gpio(np, of))
		return 1;

	count = of_count_phandle_with_args(np, of->list, of->cells);

	return count > 0 ? count / of->per : 0;
}

/*
 * The node of the phandle that starts @prop, as of_parse_phandle() finds
 * it, from the property found already: a key only, no reference held.
 */
static struct device_node *bc_names_phandle(const struct property *prop)
{
	struct device_node *np;

	if (!prop->value || prop->length < sizeof(__be32))
		return NULL;

	np = of_find_node_by_phandle(be32_to_cpup(prop->value));
	of_node_put(np);

	return np;
}

static int bc_names_walk_suffixed(struct device_node *np,
				  const struct bc_of_names *of,
				  struct bc_of_walker *w)
{
	struct bc_spec spec = { .nr = 0 };
	struct property *prop;
	size_t len;
	int ret;

	for_each_property_of_node(np, prop) {
		len = bc_names_suffixed(prop, of);
		if (!len)
			continue;

		/* Its framework could not look it up either */
		spec.np = bc_names_phandle(prop);
		if (!spec.np)
			continue;

		ret = w->fn(w, prop->name, len, &spec);
		if (ret)
			return ret;
	}

	return 0;
}

/*
 * The property @name of @np, looked for as the walk of suffixed properties
 * looks, without the tree's lock: most nodes do not name most types'
 * lists, and a node's properties are only ever added to or moved aside,
 * never freed, while it lives.
 */
static const struct property *bc_names_find(const struct device_node *np,
					    const char *name)
{
	const struct property *prop;

	for_each_property_of_node(np, prop) {
		if (bc_names_same(prop->name, name))
			return prop;
	}

	return NULL;
}

/*
 * The string of @names after @cur, of length *@len (the first one if @cur is
 * NULL), as of_property_read_string_index() reads them one by one, its
 * length set in *@len: NULL past the last one, or if it is not terminated
 * within the property.
 */
static const char *bc_names_next(const struct property *names,
				 const char *cur, size_t *len)
{
	const char *start = names->value, *end = start + names->length;
	const char *p = cur ? cur + *len + 1 : start;
	const char *q;

	if (!start || p >= end)
		return NULL;

	/* Names are short: read here, as strnlen() sets up for long ones */
	for (q = p; q < end && *q; q++)
		;
	*len = q - p;

	return q < end ? p : NULL;
}

/*
 * Parses the entry of @list at @cur, the @index-th, as the node's framework
 * parses it (of_phandle_iterator_next(), "#...-cells" read as a u32, 0 if
 * its provider has none): its provider's node, a key only, and its cells
 * into @spec. The provider is looked up by its phandle; its cells are read
 * as bc_names_find() reads, without the tree's lock. Returns where the next
 * entry starts, or NULL if this one cannot be parsed, with the line that
 * the framework's own parse logs.
 */
static const __be32 *bc_names_entry(struct device_node *np,
				    const struct bc_of_names *of,
				    const __be32 *cur, const __be32 *end,
				    unsigned int index,
				    struct bc_spec *spec)
{
	const struct property *cells;
	phandle ph = be32_to_cpup(cur++);
	u32 count = 0, i;

	spec->np = NULL;
	if (ph) {
		spec->np = of_find_node_by_phandle(ph);
		cells = spec->np ? bc_names_find(spec->np, of->cells) : NULL;
		if (cells && cells->value && cells->length == sizeof(*cur))
			count = be32_to_cpup(cells->value);
		of_node_put(spec->np);
		if (!spec->np || count > end - cur) {
			of_parse_phandle_with_args(np, of->list, of->cells, index,
						   NULL);
			return NULL;
		}
	}

	spec->nr = min(count, BC_CELLS + 1);
	for (i = 0; spec->nr <= BC_CELLS && i < spec->nr; i++)
		spec->cells[i] = be32_to_cpup(cur + i);

	return cur + count;
}

static int bc_names_walk_listed(struct device_node *np,
				const struct bc_of_names *of,
				struct bc_of_walker *w)
{
	const struct property *list, *names;
	struct bc_spec spec;
	const __be32 *cur, *end;
	const char *name = NULL;
	unsigned int i = 0;
	size_t len = 0;
	int ret = 0;

	list = bc_names_find(np, of->list);
	if (!list || !list->value)
		return 0;

	/* Read as the list: once, its strings in step with its entries */
	names = bc_names_find(np, of->names);
	cur = list->value;
	end = cur + list->length / sizeof(*cur);
	while (cur < end) {
		cur = bc_names_entry(np, of, cur, end, i, &spec);
		if (!cur)
			break;
		if (i++ % of->per)
			continue;

		/* Unnamed, only the first of a list can be looked up */
		if (names) {
			name = bc_names_next(names, name, &len);
			if (!name)
				break;
		} else if (i > 1) {
			break;
		}

		ret = w->fn(w, name, len, &spec);
		if (ret)
			break;
	}

	return ret;
}

/**
 * bc_of_walk() - Walk the resources of a type a node names.
 * @np: the node.
 * @of: how it names them.
 * @w: whose fn() is called for each, in the node's order, with the
 *	resource's name and its length (NULL and 0 for the unnamed first of a
 *	list), and its entry: the node of its provider (a key only: no
 *	reference is held) and, for a list, the cells after the phandle. The
 *	name is part of a property of @np, not terminated after its length if
 *	it is a property's name ("vdd" of "vdd-supply").
 *
 * Each list is parsed once: a walk costs what counting them would. The
 * resources are those bc_of_count() counts, up to the first
 * whose phandle or name cannot be read.
 *
 * Return: 0, or the first error fn() returned, which ended the walk.
 */
int bc_of_walk(struct device_node *np,
	       const struct bc_of_names *of,
			    struct bc_of_walker *w)
{
	if (!of->list)
		return bc_names_walk_suffixed(np, of, w);

	return bc_names_walk_listed(np, of, w);
}
EXPORT_SYMBOL_IF_KUNIT(bc_of_walk);

/**
 * bc_of_name() - The name of a node's resource of a type.
 * @np: the node.
 * @of: how it names them.
 * @index: which one, below bc_of_count(), which the caller
 *	counted: the list is not parsed again.
 * @name: set to a copy of its name, which the caller frees with kfree(), or
 *	to NULL if the node does not name the resources of its list.
 *
 * Return: 0, -ENOENT if there is no such resource, or -ENOMEM.
 */
int bc_of_name(struct device_node *np,
	       const struct bc_of_names *of,
			    unsigned int index, const char **name)
{
	struct property *prop;
	const char *s;
	size_t len;
	int ret;

	*name = NULL;
	if (of->list) {
		/* -EINVAL: the node has no names for its list */
		ret = of_property_read_string_index(np, of->names, index, &s);
		if (ret)
			return ret == -EINVAL ? 0 : -ENOENT;
		*name = kstrdup(s, GFP_KERNEL | __GFP_NOWARN);
		return *name ? 0 : -ENOMEM;
	}

	for_each_property_of_node(np, prop) {
		len = bc_names_suffixed(prop, of);
		if (len && !index--) {
			*name = kstrndup(prop->name, len, GFP_KERNEL | __GFP_NOWARN);
			return *name ? 0 : -ENOMEM;
		}
	}

	return -ENOENT;
}

/**
 * bc_of_index() - Where a node lists one of its resources.
 * @np: the node.
 * @of: how it names them.
 * @name: the resource's name; NULL for the first of a list.
 *
 * Return: the resource's index, counted as bc_of_count()
 * counts; -ENOENT if the node has no such resource, -EINVAL for a NULL
 * @name of a type without a list (such a resource is known by its name).
 */
int bc_of_index(struct device_node *np,
		const struct bc_of_names *of,
			     const char *name)
{
	unsigned int index;
	int i;

	if (!of->list) {
		if (!name)
			return -EINVAL;
		return bc_names_prop(np, of, name, &index) ? index : -ENOENT;
	}

	i = name ? of_property_match_string(np, of->names, name) : 0;
	if (i < 0)
		return -ENOENT;
	if (bc_names_gpio(np, of))
		return i ? -ENOENT : 0;

	/* The list has it: its last phandle parses, those after it unread */
	if (of_parse_phandle_with_args(np, of->list, of->cells,
				       (i + 1) * of->per - 1, NULL))
		return -ENOENT;

	return i;
}

/**
 * bc_of_spec() - Parse a node's entry for a listed resource.
 * @np: the node.
 * @of: how it names them; a type with a list.
 * @name: the resource's name; NULL for the first of the list.
 * @spec: set to the entry (its first phandle, as the type's framework
 *	parses it), with a reference to @spec->np that the caller puts.
 *
 * Return: 0, or -ENOENT if the node has no such entry.
 */
int bc_of_spec(struct device_node *np,
	       const struct bc_of_names *of,
			    const char *name, struct of_phandle_args *spec)
{
	int index = name ? of_property_match_string(np, of->names, name) : 0;

	if (index < 0 || of_parse_phandle_with_args(np, of->list, of->cells,
						    index * of->per, spec))
		return -ENOENT;

	return 0;
}

/**
 * bc_of_provider() - The node of a constraint's provider.
 * @c: the constraint, whose resource its device's node names.
 * @spec: for a list, set to the entry's cells if they fit.
 *
 * A default for &bc_ops.provider: the node of the first
 * phandle of the resource, as the type's framework finds it.
 *
 * Return: the provider's node, a key only (no reference is held), or NULL
 * if the device's node does not name the resource.
 */
struct device_node *bc_of_provider(const struct bc_constraint *c,
				   struct bc_spec *spec)
{
	const struct bc_of_names *of = c->type->names->of;
	struct device_node *np = bc_device(c)->of_node;
	struct of_phandle_args args;
	struct device_node *provider;
	struct property *prop;
	unsigned int i;

	if (!np)
		return NULL;

	if (!of->list) {
		prop = c->name ? bc_names_prop(np, of, c->name, &i) : NULL;
		provider = prop ? of_parse_phandle(np, prop->name, 0) : NULL;
		of_node_put(provider);
		return provider;
	}

	if (bc_names_gpio(np, of)) {
		provider = of_parse_phandle(np, of->gpio, 0);
		of_node_put(provider);
		return provider;
	}

	/* Parsed once: a name past the end of the list finds no phandle */
	if (bc_of_spec(np, of, c->name, &args))
		return NULL;
	of_node_put(args.np);

	if (args.args_count <= BC_CELLS) {
		spec->nr = args.args_count;
		memcpy(spec->cells, args.args, spec->nr * sizeof(*spec->cells));
	}

	return args.np;
}

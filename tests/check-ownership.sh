#!/usr/bin/env bash
# Ownership in every public signature (core/base/own.h): in the stages
# listed, every function declared in a header that returns a pointer
# says __isl_give or __isl_keep, every parameter of an object type or
# const pointer (a string, an array of numbers) says __isl_take or
# __isl_keep, and no older style is left ("/* take */", "(borrowed)",
# "(taken)").  Prints each declaration that does not;
# fails if there is one.  comm/ and hls/ join the list once annotated.
set -uo pipefail
core=${1:?usage: check-ownership.sh CORE_DIR}
stages=(base frontend poly compute model report)

# Object types: ours, isl's, GLib's and JSON-GLib's.  Out-parameters
# (GError **, const char **) and user data stay bare.
obj='(Sy[A-Za-z]+|isl_[a-z_]+|G[A-Z][A-Za-z]+|Json[A-Za-z]+|gpointer)'
bad=0
for stage in "${stages[@]}"; do
	for f in "$core/$stage"/*.h; do
		rel=$stage/$(basename "$f")
		# One declaration per record: join the lines of each, drop
		# comments and the bodies of static inline functions.
		while IFS= read -r decl; do
			echo "core/$rel: $decl"
			bad=1
		done < <(sed -e 's|/\*.*\*/||g' "$f" | awk -v obj="$obj" '
			/^\/\*/ || /^ \*/ { next }
			/^#/ || /^G_(BEGIN|END)_DECLS/ || /^[ \t]*$/ { buf = ""; next }
			{ buf = buf " " $0 }
			/;[ \t]*$/ || /^{/ || /^}/ {
				d = buf; buf = ""
				gsub(/[ \t]+/, " ", d)
				if (d !~ /sy_[a-z0-9_]+\(/ || d ~ /^ ?(#|typedef (struct|enum))/)
					next
				if (d ~ /(^|[ ;])(const )?[A-Za-z_0-9]+ \*+ ?\(?\*?sy_[a-z0-9_]+\(/ &&
					d !~ /__isl_(give|keep) (const )?[A-Za-z_0-9]+ \*+ ?\(?\*?sy_/) {
					print "result without __isl_give/__isl_keep:" d; next
				}
				n = split(d, parts, /[(,]/)
				for (i = 2; i <= n; i++) {
					p = parts[i]
					sub(/^ /, "", p)
					if ((p ~ ("^(const )?" obj " \\*[a-z_]") ||
						p ~ /^const [A-Za-z_0-9]+ \*/) &&
						p !~ /^gpointer/ && p !~ /\*\*/) {
						print "parameter without __isl_take/__isl_keep:" d
						break
					}
				}
			}')
		if grep -nE '/\* *(take|give|keep) *\*/|\((borrowed|taken)\)' "$f"; then
			echo "core/$rel: the old style of ownership comments"
			bad=1
		fi
	done
done
exit $bad

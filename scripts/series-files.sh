# SPDX-License-Identifier: GPL-2.0
# Source after lib.sh: $newfiles is every new file listed in ./series.
newfiles=$(sed -e 's/#.*//' series | awk 'NF { for (i = 2; i <= NF; i++) print $i }')

# SPDX-License-Identifier: GPL-2.0
# Source after lib.sh: $newfiles is every new file listed in ./series.
newfiles=$(bctest series files)

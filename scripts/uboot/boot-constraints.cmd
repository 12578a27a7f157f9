# SPDX-License-Identifier: GPL-2.0
# U-Boot commands that declare devices the bootloader leaves running, in
# the tree it hands the kernel (/chosen/boot-constraints, see
# Documentation/devicetree/bindings/boot-constraints.yaml): a board's boot
# script (boot.scr, made with mkimage -T script) runs these after it has
# loaded the tree and before bootz/bootm, e.g.
#
#   load mmc 0:1 ${fdt_addr_r} board.dtb
#   fdt addr ${fdt_addr_r}
#   fdt resize 8192
#   (the lines of this file)
#   setenv bc_name console; setenv bc_node /soc/serial@1c28000; run bc_declare
#   setenv bc_name sd; setenv bc_node /soc/mmc@1c0f000; run bc_declare
#   fdt set /chosen/boot-constraints/sd hold-clocks ahb mmc
#   bootz ${kernel_addr_r} ${ramdisk_addr_r}:${filesize} ${fdt_addr_r}
#
# bc_declare declares the device at the node path bc_node as
# /chosen/boot-constraints/bc_name, holding every clock, supply, power
# domain and reset line the node names; "fdt set" of hold-clocks,
# hold-supplies, hold-clock-rates-hz... on the declaration narrows it.  A
# node that nothing refers to has no phandle: bc_declare gives it one,
# from bc_phandle_next (hex, counting up from 0x7f000000, far above the
# phandles dtc numbers from 1).  "fdt get value" of a node without one
# prints one FDT_ERR_NOTFOUND line: that is the check.
fdt mknode /chosen boot-constraints
setenv bc_phandle_next 7f000000
setenv bc_declare 'fdt mknode /chosen/boot-constraints ${bc_name}; if fdt get value bc_phandle ${bc_node} phandle; then echo "bc: ${bc_node}: phandle ${bc_phandle}"; else fdt set ${bc_node} phandle "<0x${bc_phandle_next}>"; setexpr bc_phandle_next ${bc_phandle_next} + 1; fdt get value bc_phandle ${bc_node} phandle; echo "bc: ${bc_node}: new phandle ${bc_phandle}"; fi; fdt set /chosen/boot-constraints/${bc_name} device "<${bc_phandle}>"'

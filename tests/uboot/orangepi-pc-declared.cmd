# SPDX-License-Identifier: GPL-2.0
# What U-Boot left running on the Orange Pi PC (H3) when it starts the
# kernel, declared in the tree it hands over (after
# scripts/uboot/boot-constraints.cmd): the console, UART0, and the SD
# card's controller, MMC0, it loaded the kernel from.  Every clock, supply
# and reset line of each is held until its driver (8250_dw, sunxi-mmc)
# takes over.
setenv bc_name console
setenv bc_node /soc/serial@1c28000
run bc_declare
setenv bc_name sd
setenv bc_node /soc/mmc@1c0f000
run bc_declare
fdt print /chosen/boot-constraints

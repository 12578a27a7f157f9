# SPDX-License-Identifier: GPL-2.0
# What U-Boot left running on the SABRE Lite (i.MX6Q) when it starts the
# kernel, declared in the tree it hands over (after
# scripts/uboot/boot-constraints.cmd): the console, UART2 (ttymxc1), and
# uSDHC3, the SD slot U-Boot probed (FSL_SDHC: 2).  Every clock and supply
# of each is held until its driver (imx-uart, sdhci-esdhc-imx) takes over.
# U-Boot's FEC, which it loaded the kernel through, is not declared: the
# kernel has no driver for it.
setenv bc_name console
setenv bc_node /soc/bus@2100000/serial@21e8000
run bc_declare
setenv bc_name sd
setenv bc_node /soc/bus@2100000/mmc@2198000
run bc_declare
fdt print /chosen/boot-constraints

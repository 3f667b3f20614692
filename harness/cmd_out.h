/* cmd_out.h - the commands that read runs back: report, compare, export. */
#ifndef SB_CMD_OUT_H
#define SB_CMD_OUT_H

int cmd_report(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_export(int argc, char **argv);

#endif

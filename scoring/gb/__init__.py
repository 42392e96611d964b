"""Guobiao (国标, Mahjong Competition Rules): tiles, the 81 fans, the 不计 table, the calculator,
and the phone notation used by ``mahjong-tally gb-fans``."""

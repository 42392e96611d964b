"""Sichuan 血战到底 (scoring/rulesets/sichuan.py holds the ruleset): its tables and payments."""

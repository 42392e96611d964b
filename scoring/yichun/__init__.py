"""Yichun 宜春麻将 (scoring/rulesets/yichun.py holds the ruleset): its tables and side payments."""

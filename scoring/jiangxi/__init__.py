"""The Jiangxi 冲关 family (scoring/rulesets/jiangxi.py holds the three rulesets)."""

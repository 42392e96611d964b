"""Hong Kong 廣東牌 (scoring/rulesets/hongkong.py holds the ruleset): its tables and payments."""

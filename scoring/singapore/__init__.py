"""Singapore 新加坡麻将 (scoring/rulesets/singapore.py holds the ruleset): its tables and payments."""

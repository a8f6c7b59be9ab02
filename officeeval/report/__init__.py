"""Reports: terminal rendering of ScoreCards, and (batch) HTML/Markdown/CSV reports."""

"""Reports on games played: the review's words, practice at one's mistakes, the record (hf stats),
self-play (hf simulate), two results side by side, and the levels' ratings."""

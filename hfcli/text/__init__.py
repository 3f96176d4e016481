"""Words and pictures for people, made from data in one place each: the table screen, the score
sheet, a reason in words, cards in words, the rule book, and output fit for a screen reader."""

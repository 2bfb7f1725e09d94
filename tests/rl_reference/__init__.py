"""The observation encoders as they were before they were compiled (issue 18, item 3): a
frozen copy of ``ludoteca.rl.encoding`` and ``ludoteca.rl.encoders`` at that time. The tests
compare the fast encoders against it, float for float: a learned policy depends on the values.
Do not edit: it is the reference."""

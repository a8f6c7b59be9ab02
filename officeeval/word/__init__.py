"""Word (WordprocessingML): the document view, style inheritance and property resolvers."""
